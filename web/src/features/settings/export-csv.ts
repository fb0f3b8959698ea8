/**
 * Export as CSV (spec part 2, sections 7 and 9): four files made in the browser from the lists the
 * app already reads, downloaded EXPORT_DOWNLOAD_SPACING_MS apart. Columns, in the spec's order:
 * entries ID,Date,Content (then Time and Location, which Reverie's CSV import reads back); tasks
 * ID,Text,Completed,Timeframe,Priority,EntryID; projects ID,Name,Description,Status,Type; goals ID,Text,EntryID.
 */
import { EXPORT_DOWNLOAD_SPACING_MS } from "@/lib/constants";
import type { Schemas } from "@/lib/api/client";

type Cell = string | number | boolean | null | undefined;

/** One CSV field: quoted when it holds a comma, quote or line break (quotes doubled). */
export function csvCell(value: Cell): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export interface ExportFile {
  name: string;
  content: string;
}

export interface ExportData {
  entries: Schemas["EntryOut"][];
  tasks: Schemas["TaskOut"][];
  projects: Schemas["ProjectOut"][];
  goals: Schemas["GoalOut"][];
}

export function exportFiles(data: ExportData, day: string): ExportFile[] {
  return [
    {
      name: `reverie-entries-${day}.csv`,
      content: toCsv(
        ["ID", "Date", "Content", "Time", "Location"],
        data.entries.map((e) => [e.id, e.date, e.content, e.time, e.location === "Location unknown" ? "" : e.location]),
      ),
    },
    {
      name: `reverie-tasks-${day}.csv`,
      content: toCsv(
        ["ID", "Text", "Completed", "Timeframe", "Priority", "EntryID"],
        data.tasks.map((t) => [t.id, t.text, t.completed, t.timeframe, t.priority, t.entryId]),
      ),
    },
    {
      name: `reverie-projects-${day}.csv`,
      content: toCsv(
        ["ID", "Name", "Description", "Status", "Type"],
        data.projects.map((p) => [p.id, p.name, p.description, p.status, p.type]),
      ),
    },
    {
      name: `reverie-goals-${day}.csv`,
      content: toCsv(["ID", "Text", "EntryID"], data.goals.map((g) => [g.id, g.text, g.entryId])),
    },
  ];
}

/** Saves `content` as a file download. */
export function downloadFile(name: string, content: string | Blob, type: string): void {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the files one after the other, EXPORT_DOWNLOAD_SPACING_MS apart; resolves when done. */
export async function downloadSpaced(files: ExportFile[], download = downloadFile): Promise<void> {
  for (const [index, file] of files.entries()) {
    if (index > 0) await new Promise((resolve) => window.setTimeout(resolve, EXPORT_DOWNLOAD_SPACING_MS));
    download(file.name, file.content, "text/csv;charset=utf-8");
  }
}

/** Today as YYYY-MM-DD in the user's own time zone, for file names. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
