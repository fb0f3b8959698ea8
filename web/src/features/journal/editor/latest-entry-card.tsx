import { useEffect, useRef } from "react";
import { SparklesIcon } from "lucide-react";

import { Card, CardContent } from "@/components/ui/card";

import { EntryChips, EntryPhotos } from "../entries/entry-extras";
import { useEntries, useRefreshJournal } from "../queries";

/** The analysis result of the entry saved last: mood, summary, its goal and project chips, the tasks,
 * projects and goals drawn from it, and its photos (they stay in view once the editor starts anew). */
export function LatestEntryCard({ entryId }: { entryId: string }) {
  const { data: entries = [] } = useEntries();
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
  const drawn = entry.highlights;

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
            <EntryChips entry={entry} />
            {drawn.length ? (
              <div>
                <p className="font-medium">Drawn from this entry</p>
                <ul className="list-disc pl-5">
                  {drawn.map((h) => (
                    <li key={h.id}>
                      <span className="text-muted-foreground capitalize">{h.type}:</span> {h.reformulation}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
        <EntryPhotos entry={entry} />
      </CardContent>
    </Card>
  );
}
