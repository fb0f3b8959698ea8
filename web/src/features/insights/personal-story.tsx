import { useId } from "react";
import { format } from "date-fns";
import { BookOpenIcon, RefreshCwIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  citedDates,
  entriesLabel,
  parseFullProfile,
  profileNeedsRefreshing,
  storyList,
} from "@/features/insights/insights-logic";
import { PlaceholderLines, PremiumLock } from "@/features/insights/premium-lock";
import { storyNotYetWritten, useRegenerateProfile, type Profile } from "@/features/journal/queries";
import { toast } from "@/hooks/use-toast";
import { PERSONAL_STORY_REWRITTEN_FROM, PERSONAL_STORY_UNLOCK_ENTRIES, SETTINGS_PATH } from "@/lib/constants";

interface PersonalStoryProps {
  profile: Profile | null;
  /** null when the journal's count is not known (its loads failed). */
  entryCount: number | null;
  isPremium: boolean;
  /** GET /api/profile failed: the story could not be read, which is not a story that failed. */
  loadFailed?: boolean;
  onRetry?: () => void;
}

/**
 * 'Your Personal Story' (spec part 2, sections 2 and 4): Summary and Deep Dive tabs and a refresh
 * button that regenerates the profile. Locked below 4 entries; a 'Profile needs refreshing'
 * placeholder when generation failed. Career parts of the Deep Dive are premium only.
 */
export function PersonalStory({ profile, entryCount, isPremium, loadFailed = false, onRetry }: PersonalStoryProps) {
  const titleId = useId();
  const regenerate = useRegenerateProfile();
  const unlocked = (entryCount !== null && entryCount >= PERSONAL_STORY_UNLOCK_ENTRIES) || profile?.unlocked === true;

  function onRefresh() {
    regenerate.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: "Profile Regenerated",
          description: "Your personal story has been updated based on all your journal entries.",
        }),
      onError: () =>
        toast({
          variant: "destructive",
          title: "Error",
          description: "Failed to regenerate your profile. Please try again later.",
        }),
    });
  }

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle asChild id={titleId} className="flex items-center gap-2 text-lg">
          <h2>
            <BookOpenIcon className="size-5 text-primary" aria-hidden="true" />
            Your Personal Story
          </h2>
        </CardTitle>
        <CardAction>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Refresh personal story"
            onClick={onRefresh}
            disabled={!unlocked || regenerate.isPending}
          >
            <RefreshCwIcon className={regenerate.isPending ? "animate-spin" : undefined} aria-hidden="true" />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {loadFailed && !profile ? (
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <p className="text-muted-foreground">Your personal story could not be loaded.</p>
            {onRetry && (
              <Button variant="outline" size="sm" onClick={onRetry}>
                Try again
              </Button>
            )}
          </div>
        ) : !unlocked ? (
          <LockedStory entryCount={entryCount} />
        ) : storyNotYetWritten(profile) ? (
          <StoryOnItsWay />
        ) : profileNeedsRefreshing(profile) || !profile ? (
          <NeedsRefreshing />
        ) : (
          <Tabs defaultValue="summary">
            <TabsList>
              <TabsTrigger value="summary">Summary</TabsTrigger>
              <TabsTrigger value="deep-dive">Deep Dive</TabsTrigger>
            </TabsList>
            <TabsContent value="summary" className="pt-2">
              <p className="leading-relaxed whitespace-pre-line">{profile.shortSummary}</p>
            </TabsContent>
            <TabsContent value="deep-dive" className="space-y-5 pt-2">
              <DeepDive profile={profile} isPremium={isPremium} />
            </TabsContent>
          </Tabs>
        )}
        {unlocked && profile && !profileNeedsRefreshing(profile) && profile.updatedAt ? (
          <StoryWritten written={profile.updatedAt} entryCount={entryCount} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function LockedStory({ entryCount }: { entryCount: number | null }) {
  const done = Math.min(entryCount ?? 0, PERSONAL_STORY_UNLOCK_ENTRIES);
  return (
    <div className="space-y-3 text-center">
      <p className="text-muted-foreground">Keep writing to unlock your personal story...</p>
      {entryCount === null ? null : (
        <>
          <Progress value={(done / PERSONAL_STORY_UNLOCK_ENTRIES) * 100} aria-label="Personal story progress" />
          <p className="text-sm font-medium">{`${done}/${PERSONAL_STORY_UNLOCK_ENTRIES} entries completed`}</p>
        </>
      )}
    </div>
  );
}

/**
 * When the story was written. Between its unlock and 10 entries it is written once (spec: made at
 * 4, regenerated from 10), so its "Across 4 entries" would otherwise read as stale without saying why.
 */
function StoryWritten({ written, entryCount }: { written: string; entryCount: number | null }) {
  const writtenOnce =
    entryCount !== null && entryCount > PERSONAL_STORY_UNLOCK_ENTRIES && entryCount < PERSONAL_STORY_REWRITTEN_FROM;
  return (
    <p className="mt-4 text-xs text-muted-foreground">
      {`Written ${format(new Date(written), "MMM d, yyyy")}.`}
      {writtenOnce
        ? ` From ${PERSONAL_STORY_REWRITTEN_FROM} entries on it is rewritten as you write; use the refresh button to rewrite it now.`
        : null}
    </p>
  );
}

function StoryOnItsWay() {
  return (
    <div role="status" className="space-y-2 rounded-lg border border-dashed p-4 text-center">
      <p className="font-medium">Your story is being written</p>
      <p className="text-sm text-muted-foreground">
        It is written from your entries once they are analysed, in a moment. Use the refresh button to write it now.
      </p>
    </div>
  );
}

function NeedsRefreshing() {
  return (
    <div className="space-y-2 rounded-lg border border-dashed p-4 text-center">
      <p className="font-medium">Profile needs refreshing</p>
      <p className="text-sm text-muted-foreground">
        Your personal story could not be generated this time. Use the refresh button to try again.
      </p>
    </div>
  );
}

function DeepDive({ profile, isPremium }: { profile: Profile; isPremium: boolean }) {
  const { paragraphs, actions } = parseFullProfile(profile.fullProfile);
  return (
    <>
      {paragraphs.map((paragraph, i) => {
        const list = storyList(paragraph);
        return list ? (
          <section key={i}>
            <h3 className="font-semibold">{list.heading}</h3>
            <ul aria-label={list.heading} className="mt-2 list-disc space-y-1 pl-5">
              {list.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          </section>
        ) : (
          <p key={i} className="leading-relaxed whitespace-pre-line">
            {paragraph}
          </p>
        );
      })}
      {actions.length > 0 && (
        <section>
          <h3 className="font-semibold">Concrete Actions</h3>
          <ol aria-label="Concrete Actions" className="mt-2 list-decimal space-y-1 pl-5">
            {actions.map((action, i) => (
              <li key={i}>{action}</li>
            ))}
          </ol>
        </section>
      )}
      {profile.blindspots.length > 0 && (
        <section>
          <h3 className="font-semibold">Blindspots</h3>
          <ul aria-label="Blindspots" className="mt-2 list-disc space-y-1 pl-5">
            {profile.blindspots.map((blindspot, i) => (
              <li key={i}>{blindspot}</li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3 className="font-semibold">Career Vision & Growth</h3>
        <div className="mt-2">
          {isPremium && profile.career ? (
            <CareerVision career={profile.career} />
          ) : isPremium ? (
            <p className="text-sm text-muted-foreground">
              Your career vision, recommended resources, growth areas and activities will appear here as your journal
              grows.
            </p>
          ) : (
            <PremiumLock
              message="Career vision, recommended resources, growth areas and activities are available with Premium."
              placeholder={<PlaceholderLines lines={5} />}
            />
          )}
        </div>
      </section>
    </>
  );
}

/**
 * Career Vision & Growth (premium): the role and objective only as the CV states them, the work
 * subjects that recur in the journal with their dates, what the writer is working on, and
 * resources from the curated catalogue chosen for those subjects. Each part says so when empty.
 */
function CareerVision({ career }: { career: NonNullable<Profile["career"]> }) {
  return (
    <div className="space-y-3 text-sm">
      {career.role ? (
        <p>{`Current role (from your CV): ${career.role}`}</p>
      ) : career.hasResume ? (
        <p className="text-muted-foreground">Your CV does not state a current role (a job dated to the present).</p>
      ) : (
        <p className="text-muted-foreground">
          <Link to={SETTINGS_PATH} className="underline">
            Upload your CV
          </Link>{" "}
          to see your current role and direction here.
        </p>
      )}
      {career.direction ? <p>{`Direction (from your CV): "${career.direction}"`}</p> : null}
      <div>
        <h4 className="font-medium">Growth areas</h4>
        {career.growthAreas.length > 0 ? (
          <ul aria-label="Growth areas" className="mt-1 list-disc space-y-1 pl-5">
            {career.growthAreas.map((area) => {
              const recently = area.entryCount > area.entries.length ? "most recently " : "";
              return (
                <li key={area.name}>
                  {`${area.name}: ${entriesLabel(area.entryCount)} (${recently}${citedDates(area.entries)})`}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-muted-foreground">No work subject has come up in two or more entries yet.</p>
        )}
      </div>
      {career.activities.length > 0 && (
        <div>
          <h4 className="font-medium">What you are working on</h4>
          <ul aria-label="What you are working on" className="mt-1 list-disc space-y-1 pl-5">
            {career.activities.map((activity) => (
              <li key={`${activity.kind}-${activity.text}`}>
                {activity.entry ? `${activity.text} (from ${activity.entry.date})` : activity.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h4 className="font-medium">Recommended resources</h4>
        {career.resources.length > 0 ? (
          <ul aria-label="Recommended resources" className="mt-1 space-y-2">
            {career.resources.map((resource) => (
              <li key={resource.url}>
                <a href={resource.url} target="_blank" rel="noopener noreferrer" className="font-medium underline">
                  {resource.title}
                </a>{" "}
                <span className="text-muted-foreground">{`(${resource.type}, for ${resource.area})`}</span>
                <p className="text-muted-foreground">{resource.description}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No resource in our catalogue is close to your growth areas yet.</p>
        )}
      </div>
    </div>
  );
}
