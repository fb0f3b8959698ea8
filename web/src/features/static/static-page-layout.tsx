import { useEffect, type ReactNode } from "react";
import { ArrowLeftIcon } from "lucide-react";
import { Link, useLocation } from "react-router";

import { Button } from "@/components/ui/button";
import { LandingFooter } from "@/features/landing/landing-footer";
import { LandingHeader } from "@/features/landing/landing-header";
import { PRODUCT_NAME } from "@/lib/constants";

function targetOfHash(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw id up instead.
  }
  return document.getElementById(id);
}

/**
 * Client-side navigation does not scroll by itself: on arrival (and whenever the hash changes) go
 * to the element the hash names, e.g. /about#data-safety, or else to the top of the page.
 */
function useScrollToHash() {
  const { hash, key } = useLocation();

  useEffect(() => {
    const target = targetOfHash(hash);
    if (target) {
      target.scrollIntoView({ block: "start" });
    } else {
      const scroller = document.scrollingElement ?? document.documentElement;
      scroller.scrollTop = 0;
    }
  }, [hash, key]);
}

/** Sets the document title while the page is shown. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** "Back to Home" (spec part 2, section 2): returns to /. */
export function BackToHomeButton() {
  return (
    <Button asChild variant="ghost" className="-ml-3 text-muted-foreground hover:text-foreground">
      <Link to="/">
        <ArrowLeftIcon aria-hidden="true" />
        Back to Home
      </Link>
    </Button>
  );
}

/**
 * Shared frame of /privacy-policy, /terms-of-service and /about: the landing's transparent header,
 * a readable column with the page title, and the landing footer.
 */
export function StaticPageLayout({
  title,
  lastUpdated,
  intro,
  showBackToHome = false,
  children,
}: {
  title: string;
  /** Shown under the title as "Last updated {date}". */
  lastUpdated?: string;
  intro?: ReactNode;
  showBackToHome?: boolean;
  children: ReactNode;
}) {
  useScrollToHash();
  useDocumentTitle(title);

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-x-clip">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[30rem] bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_14%,transparent),transparent_65%)]"
      />
      <LandingHeader />
      <main id="main-content" className="flex-1 px-4 pt-24 pb-20 sm:px-6 sm:pt-28">
        <article className="mx-auto max-w-3xl">
          {showBackToHome ? (
            <div className="mb-6">
              <BackToHomeButton />
            </div>
          ) : null}
          <header className="border-b pb-8">
            <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
            {lastUpdated ? <p className="mt-3 text-sm text-muted-foreground">Last updated {lastUpdated}</p> : null}
            {intro ? <div className="mt-5 text-lg leading-relaxed text-muted-foreground">{intro}</div> : null}
          </header>
          <div className="mt-10">{children}</div>
        </article>
      </main>
      <LandingFooter />
    </div>
  );
}

/** A titled section of a static page; `id` makes it reachable as /page#id. */
export function StaticSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="mb-3 font-serif text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 [&_a:hover]:underline [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
