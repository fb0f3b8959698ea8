/**
 * The System tab: user statistics, the promo code generator (Generate Code and Manage Codes) and
 * the audit log of admin actions.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { CheckIcon, CopyIcon, Loader2Icon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MESSAGES, shortDate } from "@/features/admin/labels";
import { adminQueries, useGeneratePromoCode, type AuditEntry } from "@/features/admin/queries";
import { toast } from "@/hooks/use-toast";
import { COPIED_STATE_MS, PROMO_DEFAULT_DURATION_DAYS, PROMO_DURATIONS_DAYS } from "@/lib/constants";

export function SystemTab() {
  return (
    <div className="space-y-6">
      <Statistics />
      <PromoCodes />
      <AuditLog />
    </div>
  );
}

function Statistics() {
  const stats = useQuery(adminQueries.stats());
  const figures = stats.data
    ? [
        ["Users", stats.data.users],
        ["Verified", stats.data.verifiedUsers],
        ["Active", stats.data.activeUsers],
        ["Premium", stats.data.premiumUsers],
        ["Admins", stats.data.admins],
        ["Test accounts", stats.data.testAccounts],
        ["Entries", stats.data.entries],
        ["Entries this week", stats.data.entriesThisWeek],
        ["On the waitlist", stats.data.waitlistSubscribed],
        ["Promo codes", stats.data.promoCodes],
      ]
    : [];
  return (
    <section aria-labelledby="user-statistics" className="space-y-3">
      <h2 id="user-statistics" className="text-lg font-semibold">
        User statistics
      </h2>
      {stats.isError ? (
        <p className="text-sm text-destructive">Could not load the statistics.</p>
      ) : stats.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading statistics" />
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg border bg-card p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** A copy button with its 2 s "Copied" state. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: "Copied to clipboard", description: text });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
    } catch {
      toast({ ...MESSAGES.copyFailed, variant: "destructive" });
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={`${label} ${text}`}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

function PromoCodes() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Promo codes</CardTitle>
        <CardDescription>Early Access Codes for partners: each grants premium for its duration.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="generate">
          <TabsList>
            <TabsTrigger value="generate">Generate Code</TabsTrigger>
            <TabsTrigger value="manage">Manage Codes</TabsTrigger>
          </TabsList>
          <TabsContent value="generate" className="pt-4">
            <GenerateCode />
          </TabsContent>
          <TabsContent value="manage" className="pt-4">
            <ManageCodes />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function GenerateCode() {
  const generate = useGeneratePromoCode();
  const [name, setName] = useState("");
  const [days, setDays] = useState(String(PROMO_DEFAULT_DURATION_DAYS));
  const [problem, setProblem] = useState("");
  const [code, setCode] = useState<string | null>(null);
  const ids = { name: useId(), days: useId(), problem: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(MESSAGES.influencerRequired);
      return;
    }
    setProblem("");
    generate.mutate(
      { influencerName: name.trim(), durationDays: Number(days) },
      {
        onSuccess: (body) => {
          if (!body?.code) {
            toast({ ...MESSAGES.generateFailed, variant: "destructive" });
            return;
          }
          setCode(body.code);
          toast({ title: "Promo Code Generated", description: body.code });
        },
        onError: () => toast({ ...MESSAGES.generateFailed, variant: "destructive" }),
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <div className="space-y-2">
          <Label htmlFor={ids.name}>Influencer name</Label>
          <Input
            id={ids.name}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
          />
          {problem && (
            <p id={ids.problem} className="text-sm text-destructive" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.days}>Duration</Label>
          <Select value={days} onValueChange={setDays}>
            <SelectTrigger id={ids.days} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PROMO_DURATIONS_DAYS.map((d) => (
                <SelectItem key={d} value={String(d)}>
                  {d} days
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <Button type="submit" disabled={generate.isPending}>
        {generate.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Generate Code
      </Button>
      {code && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-3" aria-live="polite">
          <code className="font-mono text-lg tracking-wider break-all" data-testid="generated-code">
            {code}
          </code>
          <CopyButton text={code} label="Copy code" />
        </div>
      )}
    </form>
  );
}

function ManageCodes() {
  const codes = useQuery(adminQueries.promoCodes());
  useEffect(() => {
    if (codes.isError) toast({ ...MESSAGES.promoLoad, variant: "destructive" });
  }, [codes.isError]);

  if (codes.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading promo codes" />;
  if (codes.isError) return <p className="text-sm text-destructive">{MESSAGES.promoLoad.description}</p>;
  if (codes.data.length === 0) return <p className="text-sm text-muted-foreground">{MESSAGES.noPromoCodes}</p>;
  return (
    <ul aria-label="Promo codes" className="divide-y rounded-lg border">
      {codes.data.map((code) => (
        <li key={code.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-mono font-medium break-all">{code.code}</p>
            <p className="text-xs text-muted-foreground">
              {code.influencerName} · {code.durationDays} days · created {shortDate(code.createdAt)} · expires{" "}
              {shortDate(code.expiresAt)} · used {code.currentUses} / {code.maxUses}
            </p>
          </div>
          <CopyButton text={code.code} label="Copy code" />
        </li>
      ))}
    </ul>
  );
}

const ACTION_TEXT: Record<string, string> = {
  set_admin: "changed admin rights of",
  grant_promo: "granted premium to",
  revoke_promo: "revoked premium of",
  delete_user: "deleted a user",
  delete_waitlist_entry: "deleted a waitlist entry",
  generate_promo_code: "generated a promo code",
};

export function auditLine(entry: AuditEntry): string {
  if (entry.action === "admin_from_config") {
    return `${entry.targetUsername ?? "a deleted user"} was made an admin by the server's configuration (ADMIN_EMAILS)`;
  }
  const who = entry.adminUsername ?? "a former admin";
  const what = ACTION_TEXT[entry.action] ?? entry.action;
  const target = entry.targetType === "user" && ["set_admin", "grant_promo", "revoke_promo"].includes(entry.action)
    ? ` ${entry.targetUsername ?? "a deleted user"}`
    : "";
  return `${who} ${what}${target}${entry.detail ? ` (${entry.detail})` : ""}`;
}

function AuditLog() {
  const log = useQuery(adminQueries.auditLog());
  return (
    <section aria-labelledby="audit-log" className="space-y-3">
      <h2 id="audit-log" className="text-lg font-semibold">
        Admin activity
      </h2>
      {log.isError ? (
        <p className="text-sm text-destructive">Could not load the audit log.</p>
      ) : log.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading the audit log" />
      ) : log.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No admin actions yet.</p>
      ) : (
        <ol aria-label="Admin activity" className="divide-y rounded-lg border text-sm">
          {log.data.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:justify-between">
              <span>{auditLine(entry)}</span>
              <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted-foreground">
                {format(new Date(entry.createdAt), "MMM d, yyyy HH:mm")}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
