/**
 * "Your journal over time" on the journal home: the writing streak, a calendar of the days written
 * with each day's mood, and the mood trend by week or month with the weekday pattern ("Mondays are
 * heavier"). Everything is computed by the server from the stored moods (GET /api/journal/stats).
 */
import { useId, useMemo, useState } from "react";
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon, FlameIcon, TrendingUpIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { showEntriesOf } from "@/features/journal/entries/previous-entries";
import { useJournalStats } from "@/features/journal/queries";
import { cn } from "@/lib/utils";

import {
  dayLabel,
  isoDay,
  MAX_SCORE,
  monthGrid,
  MOOD_COLOURS,
  parseIsoDay,
  periodLabel,
  scoreLabel,
  WEEKDAY_INITIALS,
  type DayMood,
  type JournalStats,
  type MoodPeriod,
} from "./timeline-logic";

export const OVER_TIME_HEADING = "Your journal over time";
export const NO_MOODS_YET = "Moods appear here once your entries are analysed.";

export function JournalOverTime({ className }: { className?: string }) {
  const stats = useJournalStats();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={cn("grid gap-4", className)}>
      <h2 id={headingId} className="font-serif text-2xl font-semibold tracking-tight">
        {OVER_TIME_HEADING}
      </h2>
      {stats.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading...">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : stats.isError || !stats.data ? (
        <p role="alert" className="text-sm text-destructive">
          Your journal's calendar could not be loaded. Please try again later.
        </p>
      ) : (
        <>
          <StreakCards stats={stats.data} />
          <Tabs defaultValue="calendar">
            <TabsList>
              <TabsTrigger value="calendar">
                <CalendarDaysIcon aria-hidden="true" />
                Calendar
              </TabsTrigger>
              <TabsTrigger value="trend">
                <TrendingUpIcon aria-hidden="true" />
                Mood trend
              </TabsTrigger>
            </TabsList>
            <TabsContent value="calendar" className="pt-2">
              <MoodCalendar stats={stats.data} />
            </TabsContent>
            <TabsContent value="trend" className="grid gap-4 pt-2">
              <MoodTrend stats={stats.data} />
              <WeekdayPattern stats={stats.data} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </section>
  );
}

function StreakCards({ stats }: { stats: JournalStats }) {
  const { current, longest, daysWritten, wroteToday } = stats.streak;
  const items = [
    {
      label: "Current streak",
      value: `${current} ${current === 1 ? "day" : "days"}`,
      note: current === 0 ? "Write today to start one" : wroteToday ? "Including today" : "Write today to keep it",
    },
    { label: "Longest streak", value: `${longest} ${longest === 1 ? "day" : "days"}`, note: "Days in a row" },
    {
      label: "Days written",
      value: String(daysWritten),
      note: `${stats.streak.entries} ${stats.streak.entries === 1 ? "entry" : "entries"} in all`,
    },
  ];
  return (
    <ul aria-label="Writing streak" className="grid grid-cols-3 gap-2 sm:gap-3">
      {items.map((item, index) => (
        <li key={item.label} className="rounded-lg border bg-card p-3 sm:p-4">
          <p className="text-xs text-muted-foreground">{item.label}</p>
          <p className="mt-1 flex items-center gap-1 text-base font-semibold whitespace-nowrap sm:text-2xl">
            {index === 0 && current > 0 ? (
              <FlameIcon className="size-4 shrink-0 text-primary sm:size-5" aria-hidden="true" />
            ) : null}
            {item.value}
          </p>
          <p className="mt-0.5 hidden text-xs text-muted-foreground sm:block">{item.note}</p>
        </li>
      ))}
    </ul>
  );
}

function MoodCalendar({ stats }: { stats: JournalStats }) {
  const today = parseIsoDay(stats.today);
  const first = parseIsoDay(stats.dateFrom);
  const [month, setMonth] = useState(() => new Date(today.getFullYear(), today.getMonth(), 1));
  const byDay = useMemo(() => new Map(stats.days.map((d) => [d.date, d])), [stats.days]);
  const weeks = monthGrid(month.getFullYear(), month.getMonth());
  const title = month.toLocaleDateString("en-US", { month: "long", year: "numeric" });
  const canGoBack = month > new Date(first.getFullYear(), first.getMonth(), 1);
  const canGoOn = month < new Date(today.getFullYear(), today.getMonth(), 1);
  const written = weeks.flat().filter((d) => d && byDay.has(isoDay(d))).length;
  const step = (by: number) => setMonth(new Date(month.getFullYear(), month.getMonth() + by, 1));

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base" aria-live="polite">
          {title}
          <span className="ml-2 text-sm font-normal text-muted-foreground">
            {written} {written === 1 ? "day" : "days"} written
          </span>
        </CardTitle>
        <div className="flex gap-1">
          <Button variant="outline" size="icon-sm" aria-label="Previous month" disabled={!canGoBack} onClick={() => step(-1)}>
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon-sm" aria-label="Next month" disabled={!canGoOn} onClick={() => step(1)}>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <table role="grid" aria-label={`Entries in ${title}`} className="w-full table-fixed border-separate border-spacing-1">
          <thead>
            <tr>
              {WEEKDAY_INITIALS.map((initial, i) => (
                <th key={i} scope="col" className="text-xs font-medium text-muted-foreground">
                  {initial}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, w) => (
              <tr key={w}>
                {week.map((day, d) => (
                  <DayCell key={d} day={day} mood={day ? byDay.get(isoDay(day)) : undefined} today={!!day && isoDay(day) === stats.today} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <MoodLegend />
      </CardContent>
    </Card>
  );
}

/** One day of the calendar: a grid cell named by its date and mood, tinted in the mood's colour. A
 * day with entries is a button that shows them in Previous Entries (by searching for its date). */
function DayCell({ day, mood, today }: { day: Date | null; mood: DayMood | undefined; today: boolean }) {
  if (!day) return <td className="p-0" />;
  const colour = mood?.mood ? MOOD_COLOURS[mood.mood] : undefined;
  const name = day.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric" });
  const label = `${name}: ${dayLabel(mood)}`;
  const className = cn(
    "flex h-10 w-full flex-col items-center justify-center rounded-md text-xs sm:h-14 sm:text-sm",
    mood ? "font-medium text-foreground" : "text-muted-foreground/70",
    !mood && "bg-muted/30",
    mood && !colour && "bg-primary/15",
    today && "ring-2 ring-primary",
  );
  const style = colour ? { backgroundColor: `${colour}40`, boxShadow: `inset 0 -3px 0 ${colour}` } : undefined;
  const face = (
    <>
      <span>{day.getDate()}</span>
      {mood?.emoji ? <span className="hidden text-sm leading-none sm:block">{mood.emoji}</span> : null}
    </>
  );
  return (
    <td role="gridcell" aria-label={label} title={label} data-written={mood ? "true" : undefined} className="p-0">
      {mood ? (
        <button
          type="button"
          aria-label={`Show the entries of ${name}`}
          className={cn(className, "cursor-pointer outline-none hover:brightness-110 focus-visible:ring-[3px] focus-visible:ring-ring/50")}
          style={style}
          onClick={() => showEntriesOf(usDay(day))}
        >
          {face}
        </button>
      ) : (
        <div aria-hidden="true" className={className} style={style}>
          {face}
        </div>
      )}
    </td>
  );
}

/** MM/DD/YYYY, the way the app writes dates and the entry search reads them. */
function usDay(day: Date): string {
  return day.toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric" });
}

function MoodLegend() {
  return (
    <ul aria-label="Mood colours" className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {Object.entries(MOOD_COLOURS).map(([mood, colour]) => (
        <li key={mood} className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: colour }} />
          {mood}
        </li>
      ))}
    </ul>
  );
}

function MoodTrend({ stats }: { stats: JournalStats }) {
  const [kind, setKind] = useState<"weeks" | "months">("weeks");
  const periods = kind === "weeks" ? stats.weeks : stats.months;
  const scored = periods.filter((p) => p.score !== null);
  const labelEvery = kind === "weeks" ? 4 : 6;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">Mood by {kind === "weeks" ? "week" : "month"}</CardTitle>
        <div role="group" aria-label="Mood trend period" className="flex gap-1">
          {(["weeks", "months"] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={kind === option ? "secondary" : "ghost"}
              aria-pressed={kind === option}
              onClick={() => setKind(option)}
            >
              {option === "weeks" ? "Weeks" : "Months"}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {scored.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{NO_MOODS_YET}</p>
        ) : (
          <div className="flex gap-2">
            <ol aria-hidden="true" className="flex h-40 flex-col-reverse justify-between text-[10px] text-muted-foreground">
              {["Low", "Strained", "Steady", "Bright"].map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ol>
            <div className="flex min-w-0 flex-1 flex-col">
              <ol
                aria-label={`Mood by ${kind === "weeks" ? "week" : "month"}`}
                className="flex h-40 items-end gap-px border-b border-l sm:gap-1"
              >
                {periods.map((period) => (
                  <TrendBar key={period.start} period={period} kind={kind} />
                ))}
              </ol>
              <div className="mt-1 flex gap-px sm:gap-1">
                {periods.map((period, i) => (
                  <span key={period.start} className="min-w-0 flex-1 overflow-visible text-[10px] whitespace-nowrap text-muted-foreground">
                    {i % labelEvery === 0 ? periodLabel(period, kind) : ""}
                  </span>
                ))}
              </div>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TrendBar({ period, kind }: { period: MoodPeriod; kind: "weeks" | "months" }) {
  const name = kind === "weeks" ? `Week of ${periodLabel(period, "weeks")}` : periodLabel(period, "months");
  const label = `${name}: ${scoreLabel(period.score)}, ${period.entries} ${period.entries === 1 ? "entry" : "entries"}`;
  // Bars start a little above the axis so a 'Low' period is still visible.
  const height = period.score === null ? 0 : 8 + (period.score / MAX_SCORE) * 92;
  const top = Object.keys(period.moods)[0];
  return (
    <li title={label} aria-label={label} className="flex h-full min-w-0 flex-1 items-end">
      {period.score === null ? (
        <span className="block h-1 w-full rounded-sm bg-muted" />
      ) : (
        <span
          className="block w-full rounded-t-sm bg-primary/70"
          style={{ height: `${height}%`, backgroundColor: top ? MOOD_COLOURS[top] : undefined }}
        />
      )}
    </li>
  );
}

function WeekdayPattern({ stats }: { stats: JournalStats }) {
  const any = stats.weekdays.some((w) => w.score !== null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">By day of the week</CardTitle>
        {stats.weekdayNote ? <p className="text-sm font-medium text-primary">{stats.weekdayNote}</p> : null}
      </CardHeader>
      <CardContent>
        {!any ? (
          <p className="text-sm text-muted-foreground">{NO_MOODS_YET}</p>
        ) : (
          <ul aria-label="Mood by day of the week" className="grid gap-1.5">
            {stats.weekdays.map((day) => (
              <li key={day.weekday} className="grid grid-cols-[3rem_1fr_auto] items-center gap-2 text-sm">
                <span className="text-muted-foreground">{day.weekday.slice(0, 3)}</span>
                <span className="h-2.5 overflow-hidden rounded-full bg-muted">
                  <span
                    className="block h-full rounded-full bg-primary"
                    style={{ width: `${day.score === null ? 0 : 8 + (day.score / MAX_SCORE) * 92}%` }}
                  />
                </span>
                <span className="w-28 text-right text-xs text-muted-foreground">
                  {scoreLabel(day.score)} · {day.entries}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
