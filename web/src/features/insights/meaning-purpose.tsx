import { useId } from "react";
import { CompassIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { confidenceLabel, purposeProgressMessage, purposeUnlocked } from "@/features/insights/insights-logic";
import { PlaceholderLines, PremiumLock } from "@/features/insights/premium-lock";
import { PURPOSE_UNLOCK_ENTRIES } from "@/lib/constants";

const PURPOSE_TABS = [
  { value: "purpose", label: "Purpose", empty: "Your purpose statement will take shape here." },
  { value: "core-values", label: "Core Values", empty: "The values that guide you will appear here." },
  { value: "principles", label: "Principles", empty: "The principles you live by will appear here." },
] as const;

/**
 * 'Meaning & Purpose' (spec part 2, sections 2 and 4): Purpose, Core Values and Principles tabs.
 * Before 100 entries a progress bar, 'n/100 entries' and a progress message; once unlocked the
 * confidence label with the entry count. All of its content is premium only.
 */
export function MeaningPurpose({ entryCount, isPremium }: { entryCount: number | null; isPremium: boolean }) {
  const titleId = useId();
  const unlocked = entryCount !== null && purposeUnlocked(entryCount);

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <CompassIcon className="size-5 text-primary" aria-hidden="true" />
          Meaning & Purpose
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {unlocked && entryCount !== null ? (
          <p className="text-sm text-muted-foreground">
            <Badge variant="outline">{confidenceLabel(entryCount)}</Badge>{" "}
            {`Based on ${entryCount} entries`}
          </p>
        ) : entryCount === null ? null : (
          <div className="space-y-2">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">{purposeProgressMessage(entryCount)}</span>
              <span className="text-muted-foreground">{`${entryCount}/${PURPOSE_UNLOCK_ENTRIES} entries`}</span>
            </div>
            <Progress
              value={Math.min(100, (entryCount / PURPOSE_UNLOCK_ENTRIES) * 100)}
              aria-label="Meaning & Purpose progress"
            />
          </div>
        )}
        <Tabs defaultValue="purpose">
          <TabsList>
            {PURPOSE_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {PURPOSE_TABS.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="pt-2">
              {isPremium ? (
                <p className="text-sm text-muted-foreground">
                  {unlocked ? tab.empty : `Unlocks at ${PURPOSE_UNLOCK_ENTRIES} entries. ${tab.empty}`}
                </p>
              ) : (
                <PremiumLock
                  message="Meaning & Purpose insights are available with Premium."
                  placeholder={<PlaceholderLines lines={4} />}
                />
              )}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
