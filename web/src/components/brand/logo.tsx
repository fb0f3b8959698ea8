import { useId } from "react";

import { PRODUCT_NAME } from "@/lib/constants";
import { cn } from "@/lib/utils";

/** The Reverie mark: a crescent moon and a small star (the same drawing as public/favicon.svg). */
function LogoMark({ className }: { className?: string }) {
  // useId output can hold characters that are not valid in a url(#id) reference.
  const maskId = `logo-mask-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;

  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8 shrink-0", className)}>
      <defs>
        <mask id={maskId}>
          <rect width="32" height="32" fill="white" />
          <circle cx="19.5" cy="13" r="8" fill="black" />
        </mask>
      </defs>
      <rect width="32" height="32" rx="8" className="fill-primary/15" />
      <circle cx="15" cy="17" r="9" className="fill-primary" mask={`url(#${maskId})`} />
      <circle cx="24" cy="9" r="1.6" className="fill-foreground/80" />
    </svg>
  );
}

/** The mark with the product name beside it. */
function Logo({ className }: { className?: string }) {
  return (
    <span data-slot="logo" className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="font-serif text-xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
    </span>
  );
}

export { Logo, LogoMark };
