import { InsightsView } from "@/features/insights/insights-view";

/** /insights: the insights view (personal story and purpose, spec part 2 section 2) on its own page. */
export function InsightsPage() {
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-8 pb-24 sm:px-6 md:pb-10">
      <header>
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Insights</h1>
        <p className="mt-2 text-muted-foreground">Your personal story and what gives your days meaning.</p>
      </header>
      <InsightsView />
    </main>
  );
}
