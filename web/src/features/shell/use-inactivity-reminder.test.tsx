import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  INACTIVITY_REMINDER_BODY,
  INACTIVITY_REMINDER_TITLE,
  useInactivityReminder,
} from "@/features/shell/use-inactivity-reminder";
import { INACTIVITY_REMINDER_LAST_SENT_STORAGE_KEY, NOTIFICATIONS_PREFERENCE_STORAGE_KEY } from "@/lib/constants";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date("2025-03-10T09:00:00Z").getTime();

const shown: { title: string; options?: NotificationOptions }[] = [];

class FakeNotification {
  static permission: NotificationPermission = "granted";
  static requestPermission = vi.fn(async (): Promise<NotificationPermission> => "granted");
  onclick: (() => void) | null = null;

  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }

  close() {}
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * DAY);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  shown.length = 0;
  FakeNotification.permission = "granted";
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal("Notification", FakeNotification);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("useInactivityReminder", () => {
  it("sends 'Time to reflect!' once for a 3-day-old entry and not again within 24 hours", () => {
    const lastEntry = daysAgo(3);
    const { unmount } = renderHook(() => useInactivityReminder(lastEntry));

    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe("Time to reflect!");
    expect(shown[0]?.options?.body).toBe(INACTIVITY_REMINDER_BODY);
    expect(window.localStorage.getItem(INACTIVITY_REMINDER_LAST_SENT_STORAGE_KEY)).toBe(String(NOW));

    // A reload 23 hours later does not send another.
    vi.advanceTimersByTime(23 * HOUR);
    unmount();
    renderHook(() => useInactivityReminder(lastEntry));
    expect(shown).toHaveLength(1);
  });

  it("re-checks daily and sends again once 24 hours have passed", () => {
    renderHook(() => useInactivityReminder(daysAgo(3)));
    expect(shown).toHaveLength(1);

    vi.advanceTimersByTime(DAY - 1);
    expect(shown).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(shown).toHaveLength(2);
    expect(shown[1]?.title).toBe(INACTIVITY_REMINDER_TITLE);
  });

  it("does not send for a 2-day-old entry, but does once the daily check finds it 3 days old", () => {
    renderHook(() => useInactivityReminder(daysAgo(2)));
    expect(shown).toHaveLength(0);

    vi.advanceTimersByTime(DAY);
    expect(shown).toHaveLength(1);
  });

  it("never sends, nor asks, without granted permission", () => {
    for (const permission of ["default", "denied"] as const) {
      FakeNotification.permission = permission;
      const { unmount } = renderHook(() => useInactivityReminder(daysAgo(10)));
      vi.advanceTimersByTime(3 * DAY);
      unmount();
    }

    expect(shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it("respects the notifications preference", () => {
    window.localStorage.setItem(NOTIFICATIONS_PREFERENCE_STORAGE_KEY, "false");
    renderHook(() => useInactivityReminder(daysAgo(5)));

    expect(shown).toHaveLength(0);
  });

  it("does nothing without an entry date or a Notification API", () => {
    renderHook(() => useInactivityReminder(null));
    vi.advanceTimersByTime(2 * DAY);
    expect(shown).toHaveLength(0);

    vi.stubGlobal("Notification", undefined);
    expect(() => renderHook(() => useInactivityReminder(daysAgo(5)))).not.toThrow();
    expect(shown).toHaveLength(0);
  });

  it("stops checking after unmount", () => {
    const { unmount } = renderHook(() => useInactivityReminder(daysAgo(2)));
    unmount();

    vi.advanceTimersByTime(5 * DAY);
    expect(shown).toHaveLength(0);
  });
});
