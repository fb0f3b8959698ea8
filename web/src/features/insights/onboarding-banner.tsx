import { useId, useState } from "react";
import { SparklesIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { readFlag, setFlag } from "@/features/shell/storage";
import { INSIGHTS_BANNER_DISMISSED_STORAGE_KEY, INSIGHTS_ONBOARDING_MAX_ENTRIES } from "@/lib/constants";

export const ONBOARDING_STEPS: readonly { title: string; body: string }[] = [
  {
    title: "Welcome to your insights",
    body: "As you write, Reverie learns what matters to you and reflects it back here.",
  },
  {
    title: "Your personal story",
    body: "After a few entries, your personal story unlocks: a summary of who you are and a deeper dive.",
  },
  {
    title: "Meaning & Purpose",
    body: "Keep journaling to uncover your purpose, core values and principles over time.",
  },
];

/**
 * The insights onboarding banner (spec part 2, section 2): three steps, shown while the user has
 * fewer than 5 entries and has not dismissed it. Next advances; the last step reads 'Start
 * Journaling' and dismisses. Dismissal is remembered in localStorage (insightsBannerDismissed).
 */
export function OnboardingBanner({ entryCount }: { entryCount: number | null }) {
  const [dismissed, setDismissed] = useState(() => readFlag(INSIGHTS_BANNER_DISMISSED_STORAGE_KEY));
  const [step, setStep] = useState(0);
  const titleId = useId();

  // An unknown count (the journal did not load) is not 'fewer than 5': the banner waits for it.
  if (dismissed || entryCount === null || entryCount >= INSIGHTS_ONBOARDING_MAX_ENTRIES) return null;

  const current = ONBOARDING_STEPS[step] ?? ONBOARDING_STEPS[0]!;
  const last = step >= ONBOARDING_STEPS.length - 1;

  function dismiss() {
    setFlag(INSIGHTS_BANNER_DISMISSED_STORAGE_KEY);
    setDismissed(true);
  }

  return (
    <section aria-labelledby={titleId} className="relative rounded-xl border bg-primary/5 p-4 sm:p-5">
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={dismiss}
        aria-label="Dismiss"
        className="absolute top-2 right-2"
      >
        <XIcon aria-hidden="true" />
      </Button>
      <div className="flex items-start gap-3 pr-8">
        <SparklesIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex-1">
          <h2 id={titleId} className="font-semibold">
            {current.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{current.body}</p>
        </div>
      </div>
      <div className="mt-4 flex items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">{`Step ${step + 1} of ${ONBOARDING_STEPS.length}`}</p>
        <Button size="sm" onClick={last ? dismiss : () => setStep(step + 1)}>
          {last ? "Start Journaling" : "Next"}
        </Button>
      </div>
    </section>
  );
}
