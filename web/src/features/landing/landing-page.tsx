import { ArrowRightIcon, LockIcon, NotebookPenIcon, SparklesIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { LandingHeader } from "@/features/landing/landing-header";

const HIGHLIGHTS = [
  { icon: NotebookPenIcon, text: "Write the way you think" },
  { icon: SparklesIcon, text: "Tasks, patterns and insights from your entries" },
  { icon: LockIcon, text: "Private by default" },
];

/** The public landing for signed-out visitors (a placeholder until the full landing page lands). */
export function LandingPage() {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_65%)]"
      />
      <LandingHeader />

      <main className="flex flex-1 items-center">
        <section
          aria-labelledby="landing-hero-title"
          className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pt-28 pb-16 text-center sm:px-6 sm:pt-32"
        >
          <p className="mb-5 rounded-full border bg-card/60 px-3 py-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Your private AI journal
          </p>
          <h1
            id="landing-hero-title"
            className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-6xl"
          >
            Write freely. Understand yourself.
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            Reverie is a quiet place to reflect. Write your day, and a private AI gently turns your entries into
            clear next steps, recurring patterns and insights that are yours alone.
          </p>
          <div className="mt-10 flex w-full flex-col items-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to="/auth">
                Start Journaling
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>

          <ul className="mt-14 grid w-full gap-3 text-sm text-muted-foreground sm:grid-cols-3">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center justify-center gap-2 rounded-lg border bg-card/40 px-3 py-3">
                <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
