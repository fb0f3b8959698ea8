import { useRef } from "react";
import {
  ArrowRightIcon,
  BrainIcon,
  ChevronDownIcon,
  DownloadIcon,
  EyeOffIcon,
  LockIcon,
  NotebookPenIcon,
  ServerIcon,
  SparklesIcon,
  SproutIcon,
} from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { FeatureCarousel } from "@/features/landing/feature-carousel";
import {
  FEATURE_UNLOCKS,
  FEATURES_SECTION_ID,
  PEOPLE_JOURNALING_TODAY,
} from "@/features/landing/landing-constants";
import { LandingFooter } from "@/features/landing/landing-footer";
import { LandingHeader } from "@/features/landing/landing-header";
import { PRODUCT_NAME } from "@/lib/constants";

const STEPS = [
  {
    icon: NotebookPenIcon,
    title: "Write",
    text: "Journal the way you think: a few lines or a few pages, whenever you like. No templates, no streaks to keep.",
  },
  {
    icon: SparklesIcon,
    title: "Reflect",
    text: "Reverie's AI reads each entry and draws out highlights, moods, tasks, projects and goals, so you don't have to.",
  },
  {
    icon: SproutIcon,
    title: "Grow",
    text: "Patterns and insights build up over time, turning scattered thoughts into a clearer picture of who you are.",
  },
];

const PRIVACY_POINTS = [
  {
    icon: EyeOffIcon,
    title: "Privacy mode on by default",
    text: "Your journal blurs itself when you step away, so a glance over your shoulder reveals nothing.",
  },
  {
    icon: ServerIcon,
    title: "Local AI by default",
    text: "Out of the box, the AI runs on Reverie's own server. Your entries are not sent to an outside AI service unless the operator chooses to connect one.",
  },
  {
    icon: DownloadIcon,
    title: "Data export and deletion",
    text: "Download your entries, tasks, projects and goals as CSV files at any time, or delete your account and everything in it.",
  },
];

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The public landing for signed-out visitors (spec part 2, section 2). */
export function LandingPage() {
  const featuresRef = useRef<HTMLElement>(null);
  const featuresHeadingRef = useRef<HTMLHeadingElement>(null);

  function scrollToFeatures() {
    featuresRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    // Keyboard and screen-reader users continue from the section they were taken to.
    featuresHeadingRef.current?.focus({ preventScroll: true });
  }

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-x-clip">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[44rem] bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_20%,transparent),transparent_65%)]"
      />
      <LandingHeader />

      <main id="main-content" className="flex-1">
        {/* Hero */}
        <section
          aria-labelledby="landing-hero-title"
          className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pt-28 pb-16 text-center sm:px-6 sm:pt-36 sm:pb-20"
        >
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border bg-card/60 px-3 py-1 text-xs font-medium text-muted-foreground">
            <span className="relative flex size-2" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary/60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-primary" />
            </span>
            {PEOPLE_JOURNALING_TODAY} people journaling today
          </p>
          <h1
            id="landing-hero-title"
            className="font-serif text-4xl leading-[1.1] font-semibold tracking-tight text-balance sm:text-6xl"
          >
            Write freely. Understand yourself.
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {PRODUCT_NAME} is a quiet place to reflect. Write about your day, and a private AI gently turns your
            entries into clear next steps, recurring patterns and insights that are yours alone.
          </p>
          <div className="mt-10 flex w-full flex-col items-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to="/auth">
                Start Journaling
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button variant="outline" size="lg" className="w-full sm:w-auto" onClick={scrollToFeatures}>
              Learn More
              <ChevronDownIcon aria-hidden="true" />
            </Button>
          </div>
          <p className="mt-5 text-sm text-muted-foreground">Free to start, no credit card</p>
        </section>

        {/* Feature carousel */}
        <section aria-labelledby="landing-carousel-title" className="mx-auto w-full max-w-5xl px-4 pb-20 sm:px-6">
          <h2 id="landing-carousel-title" className="sr-only">
            What {PRODUCT_NAME} does for you
          </h2>
          <FeatureCarousel />
        </section>

        {/* Features: three steps */}
        <section
          ref={featuresRef}
          id={FEATURES_SECTION_ID}
          aria-labelledby="landing-features-title"
          className="scroll-mt-8 border-y bg-card/30 py-20"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-medium tracking-wide text-primary uppercase">How it works</p>
              <h2
                ref={featuresHeadingRef}
                id="landing-features-title"
                tabIndex={-1}
                className="mt-2 rounded-md font-serif text-3xl font-semibold tracking-tight text-balance outline-none sm:text-4xl"
              >
                Three steps to a clearer mind
              </h2>
              <p className="mt-4 leading-relaxed text-muted-foreground">
                No setup and no rules. You write; {PRODUCT_NAME} listens, organises and reflects it back to you.
              </p>
            </div>

            <ol className="mt-12 grid gap-6 md:grid-cols-3">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="relative rounded-2xl border bg-background/60 p-6">
                  <div className="flex items-center gap-3">
                    <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="text-sm font-medium text-muted-foreground">Step {index + 1}</span>
                  </div>
                  <h3 className="mt-4 font-serif text-xl font-semibold">{title}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
                </li>
              ))}
            </ol>

            <div className="mt-10 rounded-2xl border bg-background/60 p-6 sm:p-8">
              <h3 className="font-serif text-xl font-semibold">Features unlock as you write</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">
                Progressive feature unlocking keeps things simple at the start: each tool appears once your journal
                has enough in it to make the tool useful.
              </p>
              <ol className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {FEATURE_UNLOCKS.map(({ feature, entries }) => (
                  <li key={feature} className="rounded-xl bg-muted/60 px-4 py-3">
                    <p className="font-medium">{feature}</p>
                    <p className="text-sm text-muted-foreground">
                      after {entries} {entries === 1 ? "entry" : "entries"}
                    </p>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        </section>

        {/* Privacy */}
        <section aria-labelledby="landing-privacy-title" className="py-20">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:items-start">
            <div>
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary/15 text-primary">
                <LockIcon className="size-6" aria-hidden="true" />
              </span>
              <h2
                id="landing-privacy-title"
                className="mt-5 font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
              >
                Private by default
              </h2>
              <p className="mt-4 leading-relaxed text-muted-foreground">
                A journal only works if you can be honest in it. {PRODUCT_NAME} is built so that your words stay
                yours: you decide what is kept, and you can take it with you or erase it whenever you like.
              </p>
              <Link
                to="/about#data-safety"
                className="mt-5 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                How we keep your data safe
                <ArrowRightIcon className="size-4" aria-hidden="true" />
              </Link>
            </div>
            <ul className="grid gap-4">
              {PRIVACY_POINTS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4 rounded-2xl border bg-card/50 p-5">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        {/* Creator */}
        <section aria-labelledby="landing-creator-title" className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-3xl rounded-3xl border bg-card/50 p-6 text-center sm:p-10">
            <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
              <BrainIcon className="size-6" aria-hidden="true" />
            </span>
            <h2
              id="landing-creator-title"
              className="mt-5 font-serif text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
            >
              Built by a cognitive scientist
            </h2>
            <p className="mx-auto mt-4 max-w-2xl leading-relaxed text-pretty text-muted-foreground">
              {PRODUCT_NAME} was created by a cognitive scientist interested in how people think, decide and change.
              It rests on a simple, well-studied idea: putting experiences into words helps us make sense of them.
              The app&apos;s job is to make that habit easier to keep, and to show you what your own words are
              already telling you.
            </p>
          </div>
        </section>

        {/* Closing call to action */}
        <section aria-labelledby="landing-cta-title" className="px-4 pb-24 sm:px-6">
          <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border bg-card px-6 py-14 text-center sm:px-12">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_bottom,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_70%)]"
            />
            <h2
              id="landing-cta-title"
              className="font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
            >
              Your thoughts deserve a second look
            </h2>
            <p className="mx-auto mt-4 max-w-xl leading-relaxed text-muted-foreground">
              Write your first entry today and see what it reveals. Free to start, no credit card.
            </p>
            <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
              <Link to="/auth">
                Begin Your Journey
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </section>
      </main>

      <LandingFooter />
    </div>
  );
}
