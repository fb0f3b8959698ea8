/**
 * Saves that must reach the server before a logout ends the session. The journal editor's autosave
 * waits 1.5 s after the last key, and a logout within that time used to drop the text (the editor
 * is unmounted and its draft cleared with the session). A screen with unsaved work registers a
 * save while it is mounted; the logout runs them first and asks before leaving if one fails.
 */
type Save = () => Promise<boolean>;

const saves = new Set<Save>();

/** Registers `save`, which resolves true when nothing is left unsaved; returns the unregister. */
export function saveBeforeLogout(save: Save): () => void {
  saves.add(save);
  return () => {
    saves.delete(save);
  };
}

/** Runs every registered save; true when all of them left nothing unsaved. */
export async function runSavesBeforeLogout(): Promise<boolean> {
  const results = await Promise.all([...saves].map((save) => save().catch(() => false)));
  return results.every(Boolean);
}
