/**
 * /subscription: the premium and waitlist page (spec part 2, section 2). Early-adopter pricing
 * with a Monthly/Annual tab, feature cards, the story-and-waitlist form and the Early Access
 * Code form, above the account's own plan: premium, where it comes from, this week's use of the
 * free plan, and the promo access switch (disabled on the premium tier).
 */
import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import {
  BrainCircuitIcon,
  BriefcaseIcon,
  CompassIcon,
  FileTextIcon,
  InfinityIcon,
  ListChecksIcon,
  SparklesIcon,
} from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PREMIUM_ACCESS_FAILED } from "@/features/subscription/messages";
import {
  subscriptionQueries,
  useTogglePromo,
  type Subscription,
  type SubscriptionDetails,
} from "@/features/subscription/queries";
import { EarlyAccessForm, WaitlistForm } from "@/features/subscription/subscription-forms";
import { toast } from "@/hooks/use-toast";
import { PRICING, PRICING_DISCOUNT, PRODUCT_NAME } from "@/lib/constants";

const FEATURES = [
  { icon: CompassIcon, title: "Meaning & Purpose", text: "Your purpose, core values and principles, drawn from your entries." },
  { icon: BriefcaseIcon, title: "Career Deep Dive", text: "Career vision, growth areas and activities in your personal story." },
  { icon: BrainCircuitIcon, title: "Recommended resources", text: "Articles, books and courses picked for your patterns." },
  { icon: ListChecksIcon, title: "Quick Task Generator", text: "Small tasks for today, ten or twenty minutes each." },
  { icon: FileTextIcon, title: "Therapist reports", text: "Send a PDF of your journal over a date range to your therapist." },
  { icon: InfinityIcon, title: "No weekly limits", text: "Save insights and generate tasks as often as you like." },
] as const;

export function SubscriptionPage() {
  const plan = useQuery(subscriptionQueries.plan());
  const details = useQuery(subscriptionQueries.details());

  return (
    <main className="mx-auto w-full max-w-5xl flex-1 space-y-8 px-4 py-8 sm:px-6 sm:py-12">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{PRODUCT_NAME} Premium</h1>
        <p className="max-w-2xl text-muted-foreground">
          Go deeper with your journal. Premium is opening to early adopters first: join the waitlist for the
          early-adopter price, or enter an Early Access Code to start now.
        </p>
      </header>

      {plan.isError || details.isError ? (
        <Card role="alert">
          <CardContent className="flex flex-col items-start gap-3 py-4">
            <p className="font-medium">Could not load your plan.</p>
            <Button variant="outline" onClick={() => void Promise.all([plan.refetch(), details.refetch()])}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : plan.data && details.data ? (
        <PlanCard plan={plan.data} details={details.data} />
      ) : (
        <Skeleton className="h-40 w-full" aria-label="Loading your plan" />
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[1fr_1.4fr]">
        <PricingCard />
        <section aria-labelledby="premium-features" className="space-y-3">
          <h2 id="premium-features" className="text-lg font-semibold">
            What Premium unlocks
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border bg-card p-4">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                <p className="mt-2 font-medium">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <WaitlistForm waitlist={details.data?.waitlist ?? null} />
        <EarlyAccessForm />
      </div>
    </main>
  );
}

function planLabel(details: SubscriptionDetails): string {
  if (details.onPremiumTier) return "Premium";
  if (details.isPremium) return "Premium Trial";
  return "Free";
}

const longDate = (iso: string) => format(new Date(iso), "MMMM d, yyyy");

/** What the free plan says about promo premium that ran out by itself, if there was any. */
function endedPromo(promo: SubscriptionDetails["promo"]): string | null {
  if (!promo.endedAt) return null;
  const from = promo.endedCode ? `code ${promo.endedCode}` : "an admin";
  return `Your premium access from ${from} ended on ${longDate(promo.endedAt)}.`;
}

function PlanCard({ plan, details }: { plan: Subscription; details: SubscriptionDetails }) {
  const toggle = useTogglePromo();
  const switchId = useId();
  const promo = details.promo;
  const onPremiumTier = details.onPremiumTier;
  const switchDisabled = onPremiumTier || !promo.available || toggle.isPending;
  const ended = details.isPremium ? null : endedPromo(promo);

  const onToggle = (enabled: boolean) =>
    toggle.mutate(enabled, {
      onSuccess: () => toast({ title: "Premium Access Updated", description: enabled ? "Promo access is on." : "Promo access is off." }),
      onError: () => toast({ title: PREMIUM_ACCESS_FAILED, variant: "destructive" }),
    });

  return (
    <Card aria-labelledby="your-plan">
      <CardHeader>
        <CardTitle id="your-plan" className="flex flex-wrap items-center gap-2">
          Your plan
          <Badge variant={details.isPremium ? "default" : "secondary"} data-testid="plan-label">
            {planLabel(details)}
          </Badge>
        </CardTitle>
        <CardDescription>
          {details.isPremium && plan.periodEnd
            ? `Premium until ${longDate(plan.periodEnd)}.`
            : details.isPremium
              ? "Premium is on. Enjoy everything Reverie offers."
              : "Free plan: everything you need to journal, with weekly limits on AI extras."}
        </CardDescription>
        {ended && <p className="text-sm font-medium">{ended}</p>}
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <Usage label="Insights saved this week" used={plan.insightsUsedThisWeek} limit={plan.insightsLimit} />
          <Usage
            label="Task generations this week"
            used={plan.taskGenerationsThisWeek}
            limit={plan.taskGenerationsLimit}
          />
        </div>
        <div className="space-y-2 rounded-lg border p-4">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={switchId}>Promo access</Label>
            <Switch
              id={switchId}
              checked={promo.enabled && promo.available}
              disabled={switchDisabled}
              onCheckedChange={onToggle}
            />
          </div>
          <p className="text-sm text-muted-foreground">
            {onPremiumTier
              ? "You are on the premium tier, so promo access is not needed."
              : promo.available
                ? `From ${promo.source === "code" && promo.code ? `code ${promo.code}` : "an admin"}${
                    promo.expiresAt ? `, until ${longDate(promo.expiresAt)}` : ""
                  }. ${promo.enabled ? "Switch it off to use the free plan." : "Switch it on to use Premium again."}`
                : "Enter an Early Access Code below to get promo access."}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number | null | undefined }) {
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground">{limit == null ? `${used} (no limit)` : `${used} / ${limit}`}</span>
      </div>
      {limit != null && <Progress value={Math.min(100, (used / limit) * 100)} aria-label={label} />}
    </div>
  );
}

function PricingCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
          Early-adopter pricing
          <Badge>{PRICING_DISCOUNT}</Badge>
        </CardTitle>
        <CardDescription>The price you keep for as long as you stay.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="monthly">
          <TabsList className="w-full">
            <TabsTrigger value="monthly">Monthly</TabsTrigger>
            <TabsTrigger value="annual">Annual</TabsTrigger>
          </TabsList>
          {(["monthly", "annual"] as const).map((period) => (
            <TabsContent key={period} value={period} className="pt-4">
              <p className="flex items-baseline gap-2">
                <span className="text-4xl font-semibold">{PRICING[period].price}</span>
                <span className="text-muted-foreground">/ {PRICING[period].per}</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                was <s>{PRICING[period].was}</s> · {PRICING_DISCOUNT}
              </p>
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
