/**
 * Browser storage that belongs to the signed-in user (drafts of unsaved entries): every key is
 * kept under the user's id, nothing is stored while nobody is signed in, and all of it is removed
 * when the session ends (sign-out, expiry, or a start with no session). So the next person to
 * sign in on the same browser never sees another user's private text.
 */

const USER_PREFIX = "user:";
/** Keys of the versions before drafts were kept per user. */
const LEGACY_PREFIX = "draft:";

let owner: string | null = null;

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Set by the session holder whenever the session changes (null: nobody is signed in). */
export function setStorageOwner(userId: string | null): void {
  owner = userId;
}

/** The signed-in user's storage, or null while nobody is signed in. */
export function userStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> | null {
  const store = local();
  const user = owner;
  if (!store || !user) return null;
  const key = (name: string) => `${USER_PREFIX}${user}:${name}`;
  return {
    getItem: (name) => store.getItem(key(name)),
    setItem: (name, value) => store.setItem(key(name), value),
    removeItem: (name) => store.removeItem(key(name)),
  };
}

/** Remove every user's stored data from this browser (the session ended). */
export function clearUserStorage(): void {
  const store = local();
  if (!store) return;
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (name && (name.startsWith(USER_PREFIX) || name.startsWith(LEGACY_PREFIX))) doomed.push(name);
  }
  for (const name of doomed) store.removeItem(name);
}
