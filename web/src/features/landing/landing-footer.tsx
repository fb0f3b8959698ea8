import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";

import { LogoMark } from "@/components/brand/logo";
import { SUPPORT_EMAIL } from "@/features/legal/legal-constants";
import { PRODUCT_NAME } from "@/lib/constants";

type FooterLink =
  | { kind: "route"; label: string; to: string }
  | { kind: "mail"; label: string; href: string }
  /** Not built yet: shown, but does nothing and is marked as unavailable. */
  | { kind: "placeholder"; label: string };

const FOOTER_COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: "Company",
    links: [
      { kind: "route", label: "About", to: "/about" },
      { kind: "route", label: "Data Safety", to: "/about#data-safety" },
      { kind: "mail", label: "Contact Support", href: `mailto:${SUPPORT_EMAIL}` },
    ],
  },
  {
    title: "Legal",
    links: [
      { kind: "route", label: "Privacy Policy", to: "/privacy-policy" },
      { kind: "route", label: "Terms of Service", to: "/terms-of-service" },
    ],
  },
  {
    title: "Community",
    links: [
      { kind: "placeholder", label: "Blog" },
      { kind: "placeholder", label: "Newsletter" },
      { kind: "placeholder", label: "Help Center" },
    ],
  },
];

const linkClass =
  "rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

function preventNavigation(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
}

function FooterItem({ link }: { link: FooterLink }): ReactNode {
  switch (link.kind) {
    case "route":
      return (
        <Link to={link.to} className={linkClass}>
          {link.label}
        </Link>
      );
    case "mail":
      return (
        <a href={link.href} className={linkClass}>
          {link.label}
        </a>
      );
    case "placeholder":
      // Placeholder links (spec part 2, section 2): present, but honest that there is nothing behind them yet.
      return (
        <a href="#" aria-disabled="true" onClick={preventNavigation} className={`${linkClass} cursor-default`}>
          {link.label}
          <span className="ml-2 rounded-full border px-1.5 py-0.5 text-[10px] font-medium tracking-wide uppercase">
            Soon
          </span>
        </a>
      );
  }
}

/** Footer of the landing and the static pages: about, data safety, legal pages, support and placeholders. */
export function LandingFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="border-t bg-card/30">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 grid-cols-2 sm:grid-cols-3 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="col-span-2 max-w-xs sm:col-span-3 md:col-span-1">
          <div className="flex items-center gap-2.5">
            <LogoMark />
            <p className="font-serif text-xl font-semibold tracking-tight">{PRODUCT_NAME}</p>
          </div>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
            A private, AI-assisted journal for understanding your own mind.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2.5">
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
