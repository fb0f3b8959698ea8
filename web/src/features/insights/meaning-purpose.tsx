import { useId } from "react";
import { CompassIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  citedDates,
  confidenceLabel,
  entriesLabel,
  purposeProgressMessage,
  purposeUnlocked,
} from "@/features/insights/insights-logic";
import { PlaceholderLines, PremiumLock } from "@/features/insights/premium-lock";
import type { Profile } from "@/features/journal/queries";
import { PURPOSE_UNLOCK_ENTRIES } from "@/lib/constants";

type Meaning = NonNullable<Profile["meaning"]>;

const PURPOSE_TABS = [
  { value: "purpose", label: "Purpose", empty: "Your purpose statement will take shape here." },
  { value: "core-values", label: "Core Values", empty: "The values that guide you will appear here." },
  { value: "principles", label: "Principles", empty: "The principles you live by will appear here." },
] as const;

/**
 * 'Meaning & Purpose' (spec part 2, sections 2 and 4): Purpose, Core Values and Principles tabs.
 * Before 100 entries a progress bar, 'n/100 entries' and a progress message; once unlocked the
 * confidence label with the entry count. All of its content is premium only: the server sends
 * `meaning` (derived from the entries, each statement with its entries' dates) to premium users
 * from 100 entries on, and null otherwise.
 */
export function MeaningPurpose({
  entryCount,
  isPremium,
  meaning,
}: {
  entryCount: number | null;
  isPremium: boolean;
  /** The loaded profile's `meaning` (null before 100 entries, for free users, or not loaded). */
  meaning: Profile["meaning"] | null;
}) {
  const titleId = useId();
  const unlocked = entryCount !== null && purposeUnlocked(entryCount);

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle asChild id={titleId} className="flex items-center gap-2 text-lg">
          <h2>
            <CompassIcon className="size-5 text-primary" aria-hidden="true" />
            Meaning & Purpose
          </h2>
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
              {isPremium && unlocked && meaning ? (
                <MeaningTab tab={tab.value} meaning={meaning} />
              ) : isPremium ? (
                <p className="text-sm text-muted-foreground">
                  {unlocked
                    ? `${tab.empty} It is drawn from your entries when your personal story is next refreshed.`
                    : `Unlocks at ${PURPOSE_UNLOCK_ENTRIES} entries. ${tab.empty}`}
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

function MeaningTab({ tab, meaning }: { tab: (typeof PURPOSE_TABS)[number]["value"]; meaning: Meaning }) {
  if (tab === "purpose") return <p className="leading-relaxed">{meaning.purpose}</p>;
  if (tab === "core-values") {
    if (meaning.coreValues.length === 0) {
      return <p className="text-sm text-muted-foreground">No value has come up in 3 or more of your entries yet.</p>;
    }
    return (
      <ul aria-label="Core Values" className="space-y-3">
        {meaning.coreValues.map((value) => (
          <li key={value.name}>
            <p className="font-medium">
              {value.name}{" "}
              <span className="text-sm font-normal text-muted-foreground">
                {`${entriesLabel(value.entryCount)}, ${value.firstDate} to ${value.lastDate}`}
              </span>
            </p>
            <ul className="mt-1 space-y-1 pl-4 text-sm text-muted-foreground">
              {value.entries.map((cited) => (
                <li key={cited.id}>{cited.quote ? `${cited.date}: "${cited.quote}"` : cited.date}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    );
  }
  if (meaning.principles.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {`No rule or lesson in your own words yet (sentences like "I've learned that..." or "From now on I...").`}
      </p>
    );
  }
  return (
    <ul aria-label="Principles" className="space-y-3">
      {meaning.principles.map((principle) => (
        <li key={principle.text}>
          <blockquote className="border-l-2 pl-3 italic">{principle.text}</blockquote>
          <p className="mt-1 text-sm text-muted-foreground">
            {principle.entryCount > principle.entries.length
              ? `${entriesLabel(principle.entryCount)}, most recently ${citedDates(principle.entries)}`
              : citedDates(principle.entries)}
          </p>
        </li>
      ))}
    </ul>
  );
}
