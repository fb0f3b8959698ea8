import { useEffect, useRef } from "react";
import { SparklesIcon } from "lucide-react";

import { Card, CardContent } from "@/components/ui/card";

import { useEntries, useRefreshJournal, useTasks } from "../queries";

/** The analysis result of the entry saved last: mood, summary and the tasks created from it. */
export function LatestEntryCard({ entryId }: { entryId: string }) {
  const { data: entries = [] } = useEntries();
  const { data: tasks = [] } = useTasks();
  const refresh = useRefreshJournal();
  const entry = entries.find((e) => e.id === entryId);
  const state = entry?.analysis.state;
  const done = state === "done" || state === "failed";

  // Analysis creates tasks, projects and goals and updates the profile: re-read them once it ends.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (state === "pending" || state === "running") wasRunning.current = true;
    else if (done && wasRunning.current) {
      wasRunning.current = false;
      void refresh();
    }
  }, [state, done, refresh]);

  if (!entry) return null;
  const created = tasks.filter((t) => t.entryId === entryId);

  return (
    <Card aria-label="Latest entry" role="region" className="mt-4">
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Latest entry</p>
        {!done ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <SparklesIcon className="size-4 animate-pulse" aria-hidden="true" /> Thinking...
          </p>
        ) : (
          <>
            {entry.mood ? (
              <p>
                <span aria-hidden="true" className="mr-1">
                  {entry.mood.emoji}
                </span>
                {entry.mood.text}
              </p>
            ) : null}
            {entry.summary ? <p>{entry.summary}</p> : null}
            {created.length ? (
              <div>
                <p className="font-medium">Tasks from this entry</p>
                <ul className="list-disc pl-5">
                  {created.map((t) => (
                    <li key={t.id}>{t.text}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
