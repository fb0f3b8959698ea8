/**
 * Test-only: renders a component of the insights view, the journal banners or the photo controls
 * with the app's providers, a signed-in session (no AuthProvider round trip) and a router that
 * knows /subscription and /settings.
 */
import type { ReactElement } from "react";

import type { AuthUser } from "@/features/auth/auth-context";
import { makeAuth, makeUser } from "@/features/auth/test-support";
import { renderWithProviders } from "@/test/render";

export function renderSignedIn(ui: ReactElement, user: AuthUser = makeUser()) {
  const auth = makeAuth({ user });
  const routes = [
    { path: "/", element: ui },
    { path: "/subscription", element: <h1>Subscription page</h1> },
    { path: "/settings", element: <h1>Settings page</h1> },
  ];
  return { ...renderWithProviders(routes, { auth }), auth };
}

/** `n` journal entries as GET /api/journal returns them. */
export function makeEntries(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
    content: `Entry ${i + 1}`,
    createdAt: "2025-05-01T10:00:00Z",
    updatedAt: "2025-05-01T10:00:00Z",
    date: "05/01/2025",
    time: "10:00",
    timestamp: 1746093600,
    location: "Location unknown",
    mood: null,
    summary: null,
    relatedGoals: [],
    relatedProjects: [],
    insights: [],
    highlights: [],
    analysis: { state: "done" },
  }));
}

export function makeProfile(overrides: Record<string, unknown> = {}) {
  return {
    shortSummary: "You are a reflective person who values growth.",
    fullProfile: "You care deeply about your craft.\n\n**Concrete Actions**:\n1. Walk daily\n2. Call a friend\n3. Read at night",
    blindspots: ["You overcommit"],
    sourceEntryIds: [],
    entryCount: 4,
    unlocked: true,
    provider: "openai",
    updatedAt: "2025-05-01T10:00:00Z",
    meaning: null,
    career: null,
    ...overrides,
  };
}
