import { BriefcaseIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuth } from "@/features/auth/auth-context";
import { MeaningPurpose } from "@/features/insights/meaning-purpose";
import { OnboardingBanner } from "@/features/insights/onboarding-banner";
import { PersonalStory } from "@/features/insights/personal-story";
import { useEntries, useEntryTotal, useProfile } from "@/features/journal/queries";

/**
 * The insights view on the journal home (spec part 2, section 2): onboarding banner, personal
 * story, Professional Bio (coming soon) and Meaning & Purpose. Renders nothing until the entries
 * and profile have loaded
 * (or failed: then the counts it does not know are not shown).
 */
export function InsightsView() {
  const { user } = useAuth();
  const entries = useEntries();
  const total = useEntryTotal();
  const profile = useProfile();

  if (entries.isPending || profile.isPending) return null;

  // Unknown (null) when neither the entries nor the profile loaded: no screen claims a count (a
  // '0/100 entries' or the first-steps banner) for a journal it could not read.
  const entryCount = total ?? entries.data?.length ?? profile.data?.entryCount ?? null;
  const isPremium = user?.isPremium === true;

  return (
    <section aria-label="Insights" className="space-y-6">
      <OnboardingBanner entryCount={entryCount} />
      <PersonalStory
        profile={profile.data ?? null}
        entryCount={entryCount}
        isPremium={isPremium}
        loadFailed={profile.isError}
        onRetry={() => void profile.refetch()}
      />
      <Card>
        <CardHeader>
          <CardTitle asChild className="flex items-center gap-2 text-lg">
            <h2>
              <BriefcaseIcon className="size-5 text-primary" aria-hidden="true" />
              Professional Bio
            </h2>
          </CardTitle>
          <CardAction>
            <Badge variant="secondary">Coming Soon</Badge>
          </CardAction>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            A professional bio drawn from your journal and CV is on its way.
          </p>
        </CardContent>
      </Card>
      <MeaningPurpose entryCount={entryCount} isPremium={isPremium} meaning={profile.data?.meaning ?? null} />
    </section>
  );
}
