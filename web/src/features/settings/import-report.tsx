import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, CircleAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { importedDates, importedMessage, MSG } from "@/features/settings/messages";
import { settingsQueries, type ImportResult } from "@/features/settings/queries";

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** What a Reverie export brought back besides entries, in a sentence; null when nothing. */
export function restoredSummary(restored: ImportResult["restored"]): string | null {
  if (!restored) return null;
  const parts = [
    restored.tasks && plural(restored.tasks, "task", "tasks"),
    restored.projects && plural(restored.projects, "project", "projects"),
    restored.goals && plural(restored.goals, "goal", "goals"),
    restored.insights && plural(restored.insights, "insight", "insights"),
    restored.patterns && plural(restored.patterns, "pattern", "patterns"),
    restored.profile && "your personal story",
    restored.resume && "your resume",
  ].filter(Boolean) as string[];
  if (!parts.length) return null;
  const last = parts.pop()!;
  return `Also brought back: ${parts.length ? `${parts.join(", ")} and ${last}` : last}.`;
}

/** What the file held that Reverie could not keep, as the server words it ("12 audio files were not imported..."). */
export function NotImportedList({ result }: { result: ImportResult }) {
  const items = result.notImported ?? [];
  if (!items.length) return null;
  return (
    <div className="rounded-lg border border-amber-500/40 bg-amber-500/5 p-3" data-testid="import-not-imported">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CircleAlertIcon className="size-4 text-amber-600" aria-hidden="true" />
        What could not be imported
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-muted-foreground">
        {items.map((item) => (
          <li key={item.kind}>{item.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** After an import: what came in, what could not, the analysis of the imported entries as it goes, and the way on. */
export function ImportSuccessCard({ result, onScrollToResume, onAgain }: {
  result: ImportResult;
  onScrollToResume: () => void;
  onAgain: () => void;
}) {
  const progress = useQuery(settingsQueries.importProgress());
  const data = progress.data;
  const percent = data && data.total > 0 ? Math.round((data.analysed / data.total) * 100) : 0;
  const restored = restoredSummary(result.restored);
  return (
    <Card data-testid="import-success">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2Icon className="size-5 text-primary" aria-hidden="true" />
          {MSG.importSuccessTitle}
        </CardTitle>
        <CardDescription>{importedMessage(result.count)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground" data-testid="import-came-in">
          {result.format && <li>Read as: {result.format}</li>}
          {result.firstDate && (
            <li data-testid="import-dates">{importedDates(result.firstDate, result.lastDate ?? result.firstDate)}</li>
          )}
          {result.photos > 0 && <li>{plural(result.photos, "photo was", "photos were")} attached to their entries.</li>}
          {restored && <li>{restored}</li>}
          {result.skipped > 0 && (
            <li>
              {result.skipped} {result.skipped === 1 ? "entry was" : "entries were"} already in your journal and
              {result.skipped === 1 ? " was" : " were"} not added again.
            </li>
          )}
        </ul>
        <NotImportedList result={result} />
        {data && data.waiting > 0 ? (
          <div className="flex flex-col gap-2" aria-live="polite">
            <p className="text-sm">
              Analysing your entries: {data.analysed.toLocaleString()} of {data.total.toLocaleString()} done
            </p>
            <Progress value={percent} aria-label="Analysis progress" />
          </div>
        ) : data ? (
          <p className="text-sm" aria-live="polite" data-testid="import-analysed">
            All {data.analysed} entries are analysed: moods, summaries and tasks are ready in your journal.
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          Add your resume next, so your insights can speak to your career too.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onScrollToResume}>Add your resume</Button>
          <Button variant="outline" onClick={onAgain}>
            Import more
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
