/**
 * The System tab: user statistics, the promo code generator (Generate Code and Manage Codes) and
 * the audit log of admin actions.
 */
import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AuditLog } from "@/features/admin/audit-log";
import { CopyButton } from "@/features/admin/copy-button";
import { CodeFields, expiryBody, settingsProblem, type CodeSettings } from "@/features/admin/code-fields";
import { ManageCodes } from "@/features/admin/codes-list";
import { auditLine, MESSAGES } from "@/features/admin/labels";
import { adminQueries, useGeneratePromoCode } from "@/features/admin/queries";
import { toast } from "@/hooks/use-toast";
import { PROMO_DEFAULT_DURATION_DAYS, PROMO_DEFAULT_MAX_USES } from "@/lib/constants";

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

function PromoCodes() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Promo codes</CardTitle>
        <CardDescription>
          Early Access Codes for partners: each redemption grants premium for the code&apos;s grant length. A code
          can be deactivated at any time; premium already granted keeps its end.
        </CardDescription>
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
  const [settings, setSettings] = useState<CodeSettings>({
    durationDays: String(PROMO_DEFAULT_DURATION_DAYS),
    maxUses: String(PROMO_DEFAULT_MAX_USES),
    expiry: "grant",
    expiresOn: undefined,
  });
  const [problem, setProblem] = useState("");
  const [settingsError, setSettingsError] = useState("");
  const [code, setCode] = useState<string | null>(null);
  const settingsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(MESSAGES.influencerRequired);
      return;
    }
    setProblem("");
    const wrong = settingsProblem(settings);
    setSettingsError(wrong ?? "");
    if (wrong) return;
    const uses = Number(settings.maxUses);
    generate.mutate(
      {
        influencerName: name.trim(),
        durationDays: Number(settings.durationDays),
        ...(uses !== PROMO_DEFAULT_MAX_USES ? { maxUses: uses } : {}),
        ...expiryBody(settings),
        neverExpires: settings.expiry === "never",
      },
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
      <FormField label="Influencer name" error={problem} alert className="space-y-2">
        {(control) => <Input {...control} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <CodeFields settings={settings} onChange={setSettings} allowGrantExpiry />
      {settingsError && (
        <p id={settingsId} className="text-sm text-destructive" role="alert">
          {settingsError}
        </p>
      )}
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

export { auditLine };
