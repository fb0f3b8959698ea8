import type { ReactNode } from "react";
import { LockIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { SUBSCRIPTION_PATH } from "@/lib/constants";

/**
 * The premium lock overlay (spec part 2, section 2): a blurred stand-in for premium-only content,
 * a message, and 'Upgrade to Premium' to /subscription. `placeholder` is decorative filler (the
 * server sends no premium data to free users); it is hidden from assistive technology and inert.
 */
export function PremiumLock({ message, placeholder }: { message: string; placeholder: ReactNode }) {
  return (
    <div className="relative overflow-hidden rounded-lg border" data-testid="premium-lock">
      <div aria-hidden="true" inert className="pointer-events-none p-4 blur-sm select-none">
        {placeholder}
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/60 p-4 text-center">
        <LockIcon className="size-5 text-primary" aria-hidden="true" />
        <p className="max-w-sm text-sm font-medium">{message}</p>
        <Button asChild size="sm">
          <Link to={SUBSCRIPTION_PATH}>Upgrade to Premium</Link>
        </Button>
      </div>
    </div>
  );
}

/** Grey bars standing in for text behind the lock. */
export function PlaceholderLines({ lines = 4 }: { lines?: number }) {
  return (
    <div className="space-y-2">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="h-3 rounded bg-muted-foreground/30" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
