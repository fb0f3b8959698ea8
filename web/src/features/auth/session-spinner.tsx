import { LoaderCircleIcon } from "lucide-react";

import { cn } from "@/lib/utils";

/** A full-page, quiet loading state with a visible (and announced) label. */
export function SessionSpinner({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-muted-foreground", className)}
    >
      <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm">{label}</p>
    </div>
  );
}
