import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileUpIcon, Loader2Icon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useRefreshJournal } from "@/features/journal/queries";
import {
  fileSize,
  formatForFile,
  IMPORT_FILE_ACCEPT,
  IMPORT_FILE_MAX_BYTES,
  importStep,
  isImportFile,
  JOURNAL_FORMATS,
  MSG_FILE_TOO_LARGE,
} from "@/features/settings/import-formats";
import { ImportSuccessCard } from "@/features/settings/import-report";
import { alreadyImportedMessage, MSG, importedMessage, serverMessage } from "@/features/settings/messages";
import {
  IMPORT_UNDER_WAY,
  sessionIsValid,
  settingsKeys,
  settingsQueries,
  useImportJournal,
  useImportJournalFile,
  type ImportFormat,
  type ImportResult,
} from "@/features/settings/queries";
import { toast } from "@/hooks/use-toast";
import { LONG_OPERATION_TEXT, POST_IMPORT_REFRESH_DELAY_MS } from "@/lib/constants";

export { formatForFile } from "@/features/settings/import-formats";

const FORMATS: { value: ImportFormat; label: string; placeholder: string }[] = [
  {
    value: "text",
    label: "Plain Text",
    placeholder: "## March 3, 2026\nWhat happened today...\n\n## 04/03/2026\nThe next day...",
  },
  { value: "csv", label: "CSV", placeholder: 'Date,Content\n2026-03-03,"What happened today..."' },
  { value: "json", label: "JSON", placeholder: '[{"date": "2026-03-03", "content": "What happened today..."}]' },
];

function isAuthProblem(message: string): boolean {
  return message.includes("authenticated") || message.includes("401");
}

/** The 'Importing Journal' overlay: covers the page and locks its scrolling while it shows, with
 * what the server is doing with a file (reading it, cleaning its photos, saving its entries). */
function ImportingOverlay({ file }: { file: boolean }) {
  const progress = useQuery(settingsQueries.importProgress(true));
  const current = progress.data?.current;
  const under = current && IMPORT_UNDER_WAY.includes(current.state) ? current : undefined;
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="importing-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-background/80 p-6 backdrop-blur-sm"
    >
      <div className="flex max-w-sm flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center shadow-lg">
        <Loader2Icon className="size-8 animate-spin text-primary" aria-hidden="true" />
        <h2 id="importing-title" className="text-lg font-semibold">
          {MSG.importingTitle}
        </h2>
        {file && (
          <p className="text-sm" aria-live="polite" data-testid="import-step">
            {importStep(under?.state, under?.done ?? 0, under?.total ?? 0)}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{LONG_OPERATION_TEXT}</p>
      </div>
    </div>
  );
}

/**
 * The Import Journal card (spec part 2, sections 2, 4, 5 and 8): the formats Reverie reads, a
 * format selector and a paste area, and a file picker that takes the files as the apps export them
 * (sent as they are: the server reads the kind, and a .zip's photos); the session is checked first;
 * the 'Importing Journal' overlay shows while the server works, with its steps for a file; success
 * clears the text and, 0.5 s later, refreshes the journal and shows what came in and what could not.
 */
export function ImportCard({ onScrollToResume }: { onScrollToResume: () => void }) {
  const [format, setFormat] = useState<ImportFormat>("text");
  const [content, setContent] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importJournal = useImportJournal();
  const importFile = useImportJournalFile();
  const refreshJournal = useRefreshJournal();
  const queryClient = useQueryClient();
  const pending = importJournal.isPending || importFile.isPending;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    if (!isImportFile(chosen.name)) {
      toast({ variant: "destructive", title: MSG.unsupportedTitle, description: MSG.unsupportedImport });
      return;
    }
    if (chosen.size > IMPORT_FILE_MAX_BYTES) {
      toast({ variant: "destructive", title: MSG.importFailedTitle, description: MSG_FILE_TOO_LARGE });
      return;
    }
    setFormat(formatForFile(chosen.name) ?? format);
    setContent("");
    setFile(chosen);
  }

  const handlers = {
    onSuccess: (data: ImportResult) => {
      if (data.count === 0) {
        // Found, but all already in the journal: the format is fine, so do not say to check it.
        const description = data.skipped ? alreadyImportedMessage(data.skipped) : MSG.noEntries;
        toast({ variant: "destructive", title: MSG.noEntriesTitle, description });
        void queryClient.invalidateQueries({ queryKey: settingsKeys.importProgress });
        return;
      }
      setContent("");
      setFile(null);
      toast({ title: MSG.importSuccessTitle, description: importedMessage(data.count) });
      window.setTimeout(() => {
        void refreshJournal();
        void queryClient.invalidateQueries({ queryKey: settingsKeys.importProgress });
        setResult(data);
      }, POST_IMPORT_REFRESH_DELAY_MS);
    },
    onError: (error: unknown) => {
      const message = serverMessage(error, "There was an error importing your journal.");
      if (message.startsWith("Not authenticated")) {
        toast({ variant: "destructive", title: MSG.authRequiredTitle, description: MSG.sessionExpired });
        return;
      }
      const title = isAuthProblem(message) ? MSG.authErrorTitle : MSG.importFailedTitle;
      toast({ variant: "destructive", title, description: message });
    },
  };

  async function onImport() {
    if (!file && !content.trim()) {
      toast({ variant: "destructive", title: MSG.emptyContentTitle, description: MSG.emptyContent });
      return;
    }
    if (!(await sessionIsValid())) {
      toast({ variant: "destructive", title: MSG.authRequiredTitle, description: MSG.sessionExpired });
      return;
    }
    toast({ title: MSG.startingImportTitle, description: MSG.startingImport });
    if (file) importFile.mutate(file, handlers);
    else importJournal.mutate({ content, format }, handlers);
  }

  if (result) {
    return <ImportSuccessCard result={result} onScrollToResume={onScrollToResume} onAgain={() => setResult(null)} />;
  }

  const current = FORMATS.find((f) => f.value === format) ?? FORMATS[0]!;
  return (
    <Card data-testid="import-card">
      {pending && <ImportingOverlay file={importFile.isPending} />}
      <CardHeader>
        <CardTitle>Import Journal</CardTitle>
        <CardDescription>
          Bring in the journal you kept elsewhere, whole: choose the file as the app exported it, or paste the text.
          Entries already in your journal are skipped, and anything Reverie cannot keep is listed.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2" aria-label="Formats Reverie reads" data-testid="import-formats">
          {JOURNAL_FORMATS.map((f) => (
            <li key={f.app} className="min-w-0">
              <span className="font-medium">{f.app}</span>
              <span className="text-muted-foreground">: {f.files}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">Journal file</span>
          <input
            ref={fileInput}
            type="file"
            accept={IMPORT_FILE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Journal file"
            data-testid="import-file"
            onChange={onFile}
          />
          {file ? (
            <div className="flex min-w-0 items-center gap-2 rounded-lg border bg-muted/40 p-2 text-sm" data-testid="import-chosen">
              <FileUpIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-muted-foreground">{fileSize(file.size)}</span>
              <Button variant="ghost" size="icon" aria-label="Remove the file" onClick={() => setFile(null)}>
                <XIcon aria-hidden="true" />
              </Button>
            </div>
          ) : (
            <div>
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                <FileUpIcon aria-hidden="true" />
                Choose File
              </Button>
              <p className="mt-1 text-xs text-muted-foreground">
                .zip, .json, .csv, .txt, .md or .journal, up to 256 MB.
              </p>
            </div>
          )}
        </div>
        {!file && (
          <>
            <FormField id="import-format" label="Format" className="flex flex-col gap-2 sm:max-w-56">
              {({ id }) => (
                <Select value={format} onValueChange={(value) => setFormat(value as ImportFormat)}>
                  <SelectTrigger id={id} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {FORMATS.map((f) => (
                      <SelectItem key={f.value} value={f.value}>
                        {f.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <FormField id="import-content" label="Journal content" className="flex flex-col gap-2">
              {(control) => (
                <Textarea
                  {...control}
                  value={content}
                  onChange={(event) => setContent(event.target.value)}
                  placeholder={current.placeholder}
                  className="min-h-40 font-mono text-sm"
                />
              )}
            </FormField>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void onImport()} disabled={pending}>
            {pending ? "Importing..." : "Import Journal"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
