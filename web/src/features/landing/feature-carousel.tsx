import { useId, useState, type KeyboardEvent } from "react";
import {
  BatteryLowIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CompassIcon,
  ListChecksIcon,
  SplitIcon,
  SunriseIcon,
  type LucideIcon,
} from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface CarouselFeature {
  icon: LucideIcon;
  title: string;
  description: string;
  /** A small sample of what the feature shows in the app. */
  preview: { label: string; items: { text: string; meta: string }[] };
}

/** The five landing features (spec part 2, section 1, landing claims). */
export const CAROUSEL_FEATURES: readonly CarouselFeature[] = [
  {
    icon: ListChecksIcon,
    title: "Tasks that organise themselves",
    description:
      "Reverie picks out the to-dos hidden in your entries and organises them by priority and time horizon, so what you wrote down never gets lost.",
    preview: {
      label: "From Tuesday's entry",
      items: [
        { text: "Call the landlord about the lease", meta: "High · Today" },
        { text: "Draft the project proposal", meta: "Medium · This week" },
        { text: "Plan a weekend away", meta: "Low · This month" },
      ],
    },
  },
  {
    icon: SunriseIcon,
    title: "AI daily to-do lists",
    description:
      "Start each day with a short list drawn from your own words, and a maximum of 2 essential tasks per week, so what matters is not buried under what is merely urgent.",
    preview: {
      label: "Today",
      items: [
        { text: "Reply to Sam's email", meta: "10 minutes or less" },
        { text: "Outline chapter two", meta: "Essential · 1 of 2" },
        { text: "Walk before lunch", meta: "Personal" },
      ],
    },
  },
  {
    icon: SplitIcon,
    title: "Spot contradictions in your thinking",
    description:
      "When what you say you want and what you actually do pull in different directions, Reverie points it out gently, so you can decide what really matters.",
    preview: {
      label: "A pattern worth a look",
      items: [
        { text: "“I want more time with friends”", meta: "March 3" },
        { text: "“Worked late again, skipped dinner”", meta: "March 5" },
        { text: "“Cancelled on Mia, too tired”", meta: "March 9" },
      ],
    },
  },
  {
    icon: BatteryLowIcon,
    title: "Burnout nudges",
    description:
      "Long hours, short nights and a run of heavy days leave traces in what you write. Reverie notices them and nudges you to slow down before exhaustion sets in.",
    preview: {
      label: "This week",
      items: [
        { text: "Energy mentioned as low", meta: "4 of 5 entries" },
        { text: "Evenings spent working", meta: "3 times" },
        { text: "Suggestion: protect Saturday morning", meta: "Nudge" },
      ],
    },
  },
  {
    icon: CompassIcon,
    title: "Find your purpose",
    description:
      "Over time your entries reveal the values and themes you keep returning to. Reverie weaves them into a personal story that helps you see what gives your life meaning.",
    preview: {
      label: "Themes you return to",
      items: [
        { text: "Curiosity and learning", meta: "28 entries" },
        { text: "Family", meta: "21 entries" },
        { text: "Making things by hand", meta: "12 entries" },
      ],
    },
  },
];

/** Index of the next slide, wrapping from the last back to the first (and the other way). */
export function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}

/**
 * Five-item feature carousel: previous and next buttons, one dot per feature, wrapping around at
 * both ends. It never advances on its own (nothing moves unless the visitor asks), the arrow keys
 * work while focus is inside it, and each change is announced through a polite live region.
 */
export function FeatureCarousel({
  features = CAROUSEL_FEATURES,
  className,
}: {
  features?: readonly CarouselFeature[];
  className?: string;
}) {
  const [current, setCurrent] = useState(0);
  const baseId = useId();
  const count = features.length;
  const active = features[current];

  const goTo = (index: number) => setCurrent(wrapIndex(index, count));
  const previous = () => goTo(current - 1);
  const next = () => goTo(current + 1);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Reverie features"
      onKeyDown={onKeyDown}
      className={cn("relative", className)}
    >
      <div className="overflow-hidden rounded-3xl border bg-card/70 shadow-sm backdrop-blur-sm">
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {features.map((feature, index) => {
            const isActive = index === current;
            const Icon = feature.icon;
            return (
              <div
                key={feature.title}
                id={`${baseId}-slide-${index}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`Feature ${index + 1} of ${count}`}
                aria-hidden={!isActive}
                inert={!isActive}
                className="grid w-full shrink-0 gap-8 p-6 sm:p-10 md:grid-cols-[1.1fr_1fr] md:items-center"
              >
                <div>
                  <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary/15 text-primary">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 font-serif text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
                    {feature.title}
                  </h3>
                  <p className="mt-3 leading-relaxed text-pretty text-muted-foreground">{feature.description}</p>
                </div>
                <figure
                  aria-label={`Example: ${feature.preview.label}`}
                  className="rounded-2xl border bg-background/70 p-4 shadow-xs sm:p-5"
                >
                  <figcaption className="mb-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                    {feature.preview.label}
                  </figcaption>
                  <ul className="space-y-2">
                    {feature.preview.items.map((item) => (
                      <li
                        key={item.text}
                        className="flex flex-col gap-0.5 rounded-xl bg-muted/60 px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                      >
                        <span className="font-medium">{item.text}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">{item.meta}</span>
                      </li>
                    ))}
                  </ul>
                </figure>
              </div>
            );
          })}
        </div>
      </div>

      <div className="mt-5 flex items-center justify-center gap-4">
        <Button
          variant="outline"
          size="icon"
          className="rounded-full"
          aria-label="Previous feature"
          aria-controls={`${baseId}-slide-${wrapIndex(current - 1, count)}`}
          onClick={previous}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <div className="flex items-center gap-1">
          {features.map((feature, index) => {
            const isActive = index === current;
            return (
              <button
                key={feature.title}
                type="button"
                aria-label={`Go to feature ${index + 1}`}
                aria-current={isActive ? "true" : undefined}
                aria-controls={`${baseId}-slide-${index}`}
                onClick={() => goTo(index)}
                className="group flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2 rounded-full transition-all duration-300 motion-reduce:transition-none",
                    isActive ? "w-6 bg-primary" : "w-2 bg-muted-foreground/40 group-hover:bg-muted-foreground/70",
                  )}
                />
              </button>
            );
          })}
        </div>
        <Button
          variant="outline"
          size="icon"
          className="rounded-full"
          aria-label="Next feature"
          aria-controls={`${baseId}-slide-${wrapIndex(current + 1, count)}`}
          onClick={next}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>

      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="feature-carousel-status">
        {active ? `Feature ${current + 1} of ${count}: ${active.title}` : ""}
      </p>
    </section>
  );
}
