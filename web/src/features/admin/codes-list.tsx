/**
 * Manage Codes: every promo code with its state (Active, Deactivated, Expired, Used up), its uses,
 * grant length and expiry, and what an admin can do with it: copy, deactivate or reactivate, change
 * its settings, delete (after confirming).
 */
import { useEffect, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { parseISO } from "date-fns";
import { Loader2Icon, PencilIcon, PowerIcon, Trash2Icon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import {
  CodeFields,
  expiryBody,
  settingsProblem,
  STATE_LABEL,
  type CodeSettings,
} from "@/features/admin/code-fields";
import { MESSAGES, shortDate, shortDay } from "@/features/admin/labels";
import {
  adminQueries,
  useChangePromoCode,
  useDeletePromoCode,
  type PromoCode,
} from "@/features/admin/queries";
import { CopyButton } from "@/features/admin/copy-button";
import { toast } from "@/hooks/use-toast";
import { serverMessage } from "@/lib/api/client";

const STATE_VARIANT = { active: "default", deactivated: "destructive", expired: "outline", used_up: "secondary" } as const;

function uses(n: number): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "use" : "uses"}`;
}

/** "used 3 of 100 · grants 30 days · until Dec 31, 2026" */
export function codeSummary(code: PromoCode): string {
  const until = code.expiresOn ? `until ${shortDay(code.expiresOn)}` : "never expires";
  return `used ${code.currentUses} of ${uses(code.maxUses)} · grants ${code.durationDays} days · ${until}`;
}

export function ManageCodes() {
  const codes = useQuery(adminQueries.promoCodes());
  const change = useChangePromoCode();
  const remove = useDeletePromoCode();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [editing, setEditing] = useState<PromoCode | null>(null);
  useEffect(() => {
    if (codes.isError) toast({ ...MESSAGES.promoLoad, variant: "destructive" });
  }, [codes.isError]);

  if (codes.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading promo codes" />;
  if (codes.isError) return <p className="text-sm text-destructive">{MESSAGES.promoLoad.description}</p>;
  if (codes.data.length === 0) return <p className="text-sm text-muted-foreground">{MESSAGES.noPromoCodes}</p>;

  const failed = (error: unknown) =>
    toast({ variant: "destructive", title: "Error", description: serverMessage(error) ?? "Could not change the code. Please try again." });

  const askActive = (code: PromoCode) => {
    const active = code.deactivatedAt !== null;
    setConfirmation({
      title: active ? "Reactivate this code?" : "Deactivate this code?",
      description: active
        ? `${code.code} can be redeemed again (while it has uses left and has not expired).`
        : `Nobody can redeem ${code.code} from now on. The ${uses(code.currentUses)} already made keep their premium until it ends.`,
      action: active ? "Reactivate" : "Deactivate",
      destructive: !active,
      onConfirm: () =>
        change.mutate(
          { id: code.id, active },
          {
            onSuccess: () => toast({ title: active ? "Code reactivated" : "Code deactivated", description: code.code }),
            onError: failed,
          },
        ),
    });
  };

  const askDelete = (code: PromoCode) =>
    setConfirmation({
      title: "Delete this code?",
      description: `${code.code} will be gone for good and can no longer be redeemed.${
        code.currentUses ? ` The ${uses(code.currentUses)} already made keep their premium until it ends.` : ""
      } This action cannot be undone.`,
      action: "Delete Code",
      destructive: true,
      onConfirm: () =>
        remove.mutate(code.id, {
          onSuccess: () => toast({ title: "Code deleted", description: code.code }),
          onError: failed,
        }),
    });

  return (
    <>
      <ul aria-label="Promo codes" className="divide-y rounded-lg border">
        {codes.data.map((code) => (
          <li key={code.id} aria-label={code.code} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-medium break-all">{code.code}</span>
                <Badge variant={STATE_VARIANT[code.state]} data-testid="code-state">
                  {STATE_LABEL[code.state]}
                </Badge>
              </p>
              <p className="text-xs text-muted-foreground">
                {code.influencerName} · {codeSummary(code)} · created {shortDate(code.createdAt)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={code.code} label="Copy code" />
              <Button size="sm" variant="outline" onClick={() => setEditing(code)} aria-label={`Edit ${code.code}`}>
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => askActive(code)}
                aria-label={`${code.deactivatedAt ? "Reactivate" : "Deactivate"} ${code.code}`}
              >
                <PowerIcon aria-hidden="true" />
                {code.deactivatedAt ? "Reactivate" : "Deactivate"}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => askDelete(code)} aria-label={`Delete ${code.code}`}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
      {editing && <EditCode code={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/** Change a code's grant length, use limit and expiry. */
function EditCode({ code, onClose }: { code: PromoCode; onClose: () => void }) {
  const change = useChangePromoCode();
  const [settings, setSettings] = useState<CodeSettings>({
    durationDays: String(code.durationDays),
    maxUses: String(code.maxUses),
    expiry: code.expiresOn ? "date" : "never",
    expiresOn: code.expiresOn ? parseISO(code.expiresOn) : undefined,
  });
  const [problem, setProblem] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = settingsProblem(settings);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    const sameDay = settings.expiry === "date" && code.expiresOn === expiryBody(settings).expiresOn;
    change.mutate(
      {
        id: code.id,
        maxUses: Number(settings.maxUses),
        durationDays: Number(settings.durationDays),
        ...(sameDay ? {} : expiryBody(settings)),
      },
      {
        onSuccess: () => {
          toast({ title: "Code updated", description: code.code });
          onClose();
        },
        onError: (error) => setProblem(serverMessage(error) ?? "Could not change the code. Please try again."),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit {code.code}</DialogTitle>
            <DialogDescription>
              A new grant length applies to the redemptions after it; premium already granted keeps its end.
            </DialogDescription>
          </DialogHeader>
          <CodeFields settings={settings} onChange={setSettings} allowGrantExpiry={false} minUses={code.currentUses} />
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
