import { useEffect, useState, type ReactNode } from "react";
import { Loader2Icon } from "lucide-react";

import { LONG_OPERATION_HINT_MS } from "@/lib/constants";

export const LONG_OPERATION_HINT = "This might take a minute. Please don't close the browser.";

/** The spec's hint for long operations, shown once `active` has lasted LONG_OPERATION_HINT_MS. */
export function useLongOperation(active: boolean): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setLong(true), LONG_OPERATION_HINT_MS);
    return () => {
      clearTimeout(timer);
      setLong(false);
    };
  }, [active]);
  return active && long;
}

/** A full-page loading state: a spinner, its text, and the long-operation hint when it lasts. */
export function FullPageLoading({ label, children }: { label: string; children?: ReactNode }) {
  const long = useLongOperation(true);
  return (
    <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3 py-24 text-muted-foreground">
      <Loader2Icon className="size-6 animate-spin text-primary" aria-hidden="true" />
      <p className="font-medium text-foreground">{label}</p>
      {long ? <p className="text-sm">{LONG_OPERATION_HINT}</p> : null}
      {children}
    </div>
  );
}
