/** The Waitlist tab: every entry with its status, story and features; delete after confirming. */
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Trash2Icon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";
import { MESSAGES, shortDate } from "@/features/admin/labels";
import { adminQueries, useDeleteWaitlistEntry } from "@/features/admin/queries";
import { toast } from "@/hooks/use-toast";
import { WAITLIST_FEATURES } from "@/lib/constants";

const FEATURE_LABELS = new Map(WAITLIST_FEATURES.map((f) => [f.value, f.label]));

export function WaitlistTab() {
  const waitlist = useQuery(adminQueries.waitlist());
  const remove = useDeleteWaitlistEntry();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  useEffect(() => {
    if (waitlist.isError) toast({ ...MESSAGES.waitlistLoad, variant: "destructive" });
  }, [waitlist.isError]);

  if (waitlist.isPending) return <Skeleton className="h-32 w-full" aria-label="Loading the waitlist" />;
  if (waitlist.isError) return <p className="py-8 text-center text-sm text-destructive">{MESSAGES.waitlistLoad.description}</p>;
  if (waitlist.data.length === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">{MESSAGES.noWaitlist}</p>;

  return (
    <>
      <ul aria-label="Waitlist entries" className="divide-y rounded-lg border">
        {waitlist.data.map((entry) => (
          <li key={entry.id} aria-label={entry.email} className="grid gap-2 p-4 md:grid-cols-[minmax(0,1fr)_auto]">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="truncate">{entry.name ? `${entry.name} · ${entry.email}` : entry.email}</span>
                <Badge variant={entry.isSubscribed ? "secondary" : "outline"}>
                  {entry.isSubscribed ? "Subscribed" : "Unsubscribed"}
                </Badge>
              </p>
              <p className="text-xs text-muted-foreground">Joined {shortDate(entry.createdAt, MESSAGES.invalidDate)}</p>
              <p className="text-sm whitespace-pre-line">{entry.message}</p>
              {entry.interestedFeatures.length > 0 && (
                <p className="flex flex-wrap gap-1">
                  {entry.interestedFeatures.map((feature) => (
                    <Badge key={feature} variant="outline">
                      {FEATURE_LABELS.get(feature) ?? feature}
                    </Badge>
                  ))}
                </p>
              )}
            </div>
            <div>
              <Button
                size="sm"
                variant="destructive"
                aria-label={`Delete waitlist entry ${entry.email}`}
                onClick={() =>
                  setConfirmation({
                    title: "Delete waitlist entry?",
                    description: `The entry of ${entry.email} will be removed from the waitlist. This action cannot be undone.`,
                    action: "Delete Entry",
                    destructive: true,
                    onConfirm: () =>
                      remove.mutate(entry.id, {
                        onSuccess: () => toast({ title: "Entry deleted", description: `${entry.email} left the waitlist.` }),
                        onError: () => toast({ ...MESSAGES.waitlistDelete, variant: "destructive" }),
                      }),
                  })
                }
              >
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
