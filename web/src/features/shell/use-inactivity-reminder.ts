import { useEffect } from "react";
import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";

import { entriesQuery, type EntriesPage } from "@/features/journal/queries";
import { readStorage, writeStorage } from "@/features/shell/storage";
import {
  INACTIVITY_CHECK_INTERVAL_MS,
  INACTIVITY_REMINDER_LAST_SENT_STORAGE_KEY,
  INACTIVITY_REMINDER_MIN_INTERVAL_MS,
  INACTIVITY_THRESHOLD_MS,
  NOTIFICATIONS_PREFERENCE_STORAGE_KEY,
  PRODUCT_NAME,
} from "@/lib/constants";

export const INACTIVITY_REMINDER_TITLE = "Time to reflect!";
export const INACTIVITY_REMINDER_BODY = `It's been a few days since your last entry. Take a quiet moment to write in ${PRODUCT_NAME}.`;

/** The "Enable notifications" preference: on unless "false" is stored. */
export function readNotificationsPreference(): boolean {
  return readStorage(NOTIFICATIONS_PREFERENCE_STORAGE_KEY) !== "false";
}

function notificationsGranted(): boolean {
  return typeof window.Notification === "function" && window.Notification.permission === "granted";
}

function readLastSent(): number | null {
  const value = Number(readStorage(INACTIVITY_REMINDER_LAST_SENT_STORAGE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function rememberSent(now: number): void {
  writeStorage(INACTIVITY_REMINDER_LAST_SENT_STORAGE_KEY, String(now));
}

function showReminder(now: number): boolean {
  const options: NotificationOptions = {
    body: INACTIVITY_REMINDER_BODY,
    icon: "/favicon.svg",
    // A newer reminder replaces an unread older one instead of stacking.
    tag: "reverie-inactivity-reminder",
  };
  try {
    const notification = new window.Notification(INACTIVITY_REMINDER_TITLE, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    rememberSent(now);
    return true;
  } catch {
    // Android Chrome only shows notifications through a service worker registration, if any.
    navigator.serviceWorker
      ?.getRegistration()
      .then(async (registration) => {
        if (!registration) return;
        await registration.showNotification(INACTIVITY_REMINDER_TITLE, options);
        rememberSent(now);
      })
      .catch(() => {
        // No way to notify here; the next daily check tries again.
      });
    return false;
  }
}

/**
 * Sends the inactivity reminder if it is due; returns true when it was shown (false also when
 * it went through the service worker fallback, which records itself once shown). Due means: a most
 * recent entry exists and is 3 or more days (72 hours) old, notification permission is already
 * granted (this never asks), the user's notifications preference is on, and no reminder went out
 * in the last 24 hours (remembered in localStorage, so reloads and other tabs count too).
 */
export function sendInactivityReminderIfDue(lastEntryAt: Date | null, now: number = Date.now()): boolean {
  if (!lastEntryAt || Number.isNaN(lastEntryAt.getTime())) return false;
  if (now - lastEntryAt.getTime() < INACTIVITY_THRESHOLD_MS) return false;
  if (!notificationsGranted() || !readNotificationsPreference()) return false;

  const lastSent = readLastSent();
  // A last-sent time in the future (the clock moved back) does not block reminders for good.
  if (lastSent !== null && lastSent <= now && now - lastSent < INACTIVITY_REMINDER_MIN_INTERVAL_MS) return false;

  return showReminder(now);
}

/**
 * The inactivity reminder (spec part 1, section 1): checks on mount, whenever the most recent
 * entry's time changes, and then once a day while the app stays open. Pass `null` while there is
 * no entry (or the entries are not loaded yet): nothing is sent.
 */
export function useInactivityReminder(lastEntryAt: Date | null): void {
  const lastEntryTime = lastEntryAt?.getTime() ?? null;

  useEffect(() => {
    if (lastEntryTime === null) return;
    const check = () => void sendInactivityReminderIfDue(new Date(lastEntryTime));
    check();
    const timer = window.setInterval(check, INACTIVITY_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [lastEntryTime]);
}

/** When the user last wrote, from the first page of the journal the app already keeps (the entries
 * query, newest first): the latest of its entries' writing times and of the moments they are dated.
 * An entry backdated far enough to leave the first page is not seen (written today, it is older than
 * twenty others). Null while nothing is loaded or the journal is empty. */
function latestOf(data: InfiniteData<EntriesPage, string | null>): number | null {
  let latest: number | null = null;
  for (const entry of data.pages[0]?.entries ?? []) {
    for (const at of [Date.parse(entry.createdAt), (entry.timestamp ?? Number.NaN) * 1000]) {
      if (Number.isFinite(at) && (latest === null || at > latest)) latest = at;
    }
  }
  return latest;
}

export function useLatestEntryAt(): Date | null {
  const latest = useInfiniteQuery({ ...entriesQuery, select: latestOf }).data;
  return latest == null ? null : new Date(latest);
}
