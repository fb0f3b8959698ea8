import { useAuth } from "@/features/auth/auth-context";
import { InsightsView } from "@/features/insights/insights-view";
import { SmartBanner } from "@/features/journal/banners/smart-banner";
import { INSERT_INTO_EDITOR_EVENT, JournalEditor } from "@/features/journal/editor/journal-editor";
import { PreviousEntries } from "@/features/journal/entries/previous-entries";
import { FullPageLoading } from "@/features/journal/long-operation";
import { PhotoControls } from "@/features/journal/photos/photo-controls";
import { useEntries } from "@/features/journal/queries";
import { JournalOverTime } from "@/features/journal/timeline/journal-over-time";

export const LOADING_JOURNAL = "Loading your journal data...";

function insertIntoEditor(text: string) {
  window.dispatchEvent(new CustomEvent(INSERT_INTO_EDITOR_EVENT, { detail: text }));
}

/**
 * The signed-in home at / (spec part 1, section 2, "Journal home"): the smart banner, the editor,
 * the previous entries and, below them, the insights view. `/profile` shows the same page with
 * the insights first.
 */
export function JournalHomePage({ insightsFirst = false }: { insightsFirst?: boolean }) {
  const { user } = useAuth();
  const entries = useEntries();
  const today = new Date().toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });

  // A journal with no entry yet is a first visit: no 'Welcome back' before there was a visit.
  const greeting = entries.isSuccess && entries.data.length === 0 ? "Welcome" : "Welcome back";

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-8 pb-24 sm:px-6 md:pb-10">
      <header>
        <p className="text-sm text-muted-foreground">{today}</p>
        <h1 className="mt-1 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Journal</h1>
        {user && !entries.isPending ? (
          <p className="mt-2 text-muted-foreground">
            {greeting}, {user.username}.
          </p>
        ) : null}
      </header>
      {entries.isPending ? (
        // The whole page waits under it: the editor keeps its place (and its draft) meanwhile.
        <div className="fixed inset-0 z-30 flex bg-background/90 backdrop-blur-sm">
          <FullPageLoading label={LOADING_JOURNAL} />
        </div>
      ) : null}
      {insightsFirst ? <InsightsView /> : null}
      <SmartBanner />
      <JournalEditor photoControls={(entryId) => <PhotoControls entryId={entryId} />} />
      <PreviousEntries onInsertAnalysis={insertIntoEditor} />
      {(entries.data?.length ?? 0) > 0 ? <JournalOverTime /> : null}
      {insightsFirst ? null : <InsightsView />}
    </main>
  );
}
