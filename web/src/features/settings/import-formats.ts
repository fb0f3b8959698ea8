/**
 * The journals the Import Journal card reads, by name, and the files its picker accepts: each app's
 * export as the app writes it. The server reads the kind from the file itself
 * (api/journal/imports/detect.py); the extension only sets the paste area's format.
 */
import type { ImportFormat } from "@/features/settings/queries";

export interface JournalFormat {
  app: string;
  files: string;
}

/** Every format Reverie reads, as Settings lists them. */
export const JOURNAL_FORMATS: JournalFormat[] = [
  { app: "Day One", files: "the .zip export with its photos, or its JSON" },
  { app: "jrnl", files: "a .journal file, or its JSON, txt or Markdown export" },
  { app: "Daylio", files: "the CSV export, with your moods and activities" },
  { app: "Daygram", files: "the text export" },
  { app: "Obsidian", files: "daily notes (.md), or the whole vault as a .zip" },
  { app: "Reverie", files: "a Reverie export (.zip or JSON), with everything in it" },
  { app: "Any journal", files: "plain text or Markdown with a date before each entry, a CSV with Date and Content columns, or a JSON list" },
];

/** What the file picker accepts: the files as the apps export them. */
export const IMPORT_FILE_TYPES = [".zip", ".json", ".csv", ".txt", ".md", ".markdown", ".journal"];
export const IMPORT_FILE_ACCEPT = IMPORT_FILE_TYPES.join(",");
/** The server's limit for one file (api/journal/imports/limits.py). */
export const IMPORT_FILE_MAX_BYTES = 256 * 1024 * 1024;
export const MSG_FILE_TOO_LARGE =
  "A file can be at most 256 MB. Please export the journal in parts (for example one per year).";

function extension(name: string): string {
  const base = name.toLowerCase();
  return base.includes(".") ? `.${base.split(".").pop()}` : "";
}

/** Whether the picker takes the file (the apps' export files; anything else is 'Unsupported File Type'). */
export function isImportFile(name: string): boolean {
  return IMPORT_FILE_TYPES.includes(extension(name));
}

/** The file picker's extension sets the paste area's format (spec section 5), for the files that have one. */
export function formatForFile(name: string): ImportFormat | null {
  const kind = extension(name);
  if (kind === ".csv") return "csv";
  if (kind === ".json") return "json";
  if ([".txt", ".md", ".markdown", ".journal"].includes(kind)) return "text";
  return null;
}

/** "3.4 MB", "820 kB": a file's size for people. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** What the server is doing with the file, from GET /api/journal/import/progress's `current`. */
export function importStep(state: string | undefined, done: number, total: number): string {
  switch (state) {
    case "waiting":
      return "Waiting for the server to read the file...";
    case "reading":
      return "Reading the file...";
    case "photos":
      return total > 0 ? `Cleaning photos: ${done.toLocaleString()} of ${total.toLocaleString()}` : "Cleaning photos...";
    case "saving":
      return total > 0 ? `Saving entries: ${done.toLocaleString()} of ${total.toLocaleString()}` : "Saving entries...";
    default:
      return "Sending the file...";
  }
}
