import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { AdminPage } from "@/features/admin/admin-page";
import { auditLine } from "@/features/admin/labels";
import type { AdminUser, AdminUserDetail, AuditEntry, PromoCode } from "@/features/admin/queries";
import { exportQuery, viewUsers, DEFAULT_VIEW } from "@/features/admin/user-list";
import { AdminUserPage, deviceOf } from "@/features/admin/user-page";
import { closeToasts, fakeApi, json, makeAuth, makeUser } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";
import { renderWithProviders } from "@/test/render";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function row(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, username: `user${n}`, email: `u${n}@example.com`,
    createdAt: `2025-0${n}-01T00:00:00Z`, journalEntryCount: n, sessionCount: 1, subscriptionTier: "free",
    subscriptionStatus: "free", isPremium: false, isVerified: true, deletedAt: null, isAdmin: false, promoSource: null,
    promoCodeApplied: null, promoCodeExpiry: null, lastLoginAt: null, lastActivityAt: null, ...overrides,
  };
}

const ANA = row(1, { username: "ana", isPremium: true, subscriptionTier: "premium", subscriptionStatus: "trialing",
  promoSource: "admin", lastActivityAt: "2025-06-10T00:00:00Z" });
const BOSS = row(2, { username: "boss", isAdmin: true, lastActivityAt: "2025-06-01T00:00:00Z" });
const EVE = row(3, { username: "eve", isVerified: false });

const CODE: PromoCode = {
  id: "c1", code: "MIA-ABCDEFGHJKMN", influencerName: "Mia", createdAt: "2025-01-01T00:00:00Z",
  expiresAt: "2026-01-01T00:00:00Z", expiresOn: "2025-12-31", durationDays: 30, currentUses: 1, maxUses: 1,
  deactivatedAt: null, state: "used_up",
};

function line(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { id: `a${n}`, adminId: BOSS.id, adminUsername: "boss", action: "generate_promo_code", targetType: "promo_code",
    targetId: null, targetUsername: null, detail: `CODE${n}: 30 days, 1 use, never expires`,
    createdAt: "2025-06-01T10:00:00Z", ...overrides };
}

function server(overrides: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return fakeApi({
    "GET /api/admin/users": () => json(200, [ANA, BOSS, EVE]),
    "GET /api/admin/waitlist": () => json(200, []),
    "GET /api/admin/promo-codes": () => json(200, [CODE]),
    "GET /api/admin/stats": () => json(200, { users: 3, verifiedUsers: 2, activeUsers: 3, premiumUsers: 1, admins: 1,
      testAccounts: 0, entries: 6, entriesThisWeek: 1, waitlistSubscribed: 0, promoCodes: 1 }),
    "GET /api/admin/audit-log": () => json(200, []),
    ...overrides,
  });
}

describe("the users' filters and order", () => {
  it("keeps what the filters ask for and sorts with the rows without a value last", () => {
    const users = [ANA, BOSS, EVE];
    expect(viewUsers(users, { ...DEFAULT_VIEW, premium: true }).map((u) => u.username)).toEqual(["ana"]);
    expect(viewUsers(users, { ...DEFAULT_VIEW, admin: true }).map((u) => u.username)).toEqual(["boss"]);
    expect(viewUsers(users, { ...DEFAULT_VIEW, unverified: true }).map((u) => u.username)).toEqual(["eve"]);
    expect(viewUsers(users, DEFAULT_VIEW).map((u) => u.username)).toEqual(["eve", "boss", "ana"]); // newest first
    expect(viewUsers(users, { ...DEFAULT_VIEW, sort: "username", descending: false }).map((u) => u.username))
      .toEqual(["ana", "boss", "eve"]);
    for (const descending of [true, false]) {
      const active = viewUsers(users, { ...DEFAULT_VIEW, sort: "lastActivityAt", descending }).map((u) => u.username);
      expect(active.at(-1)).toBe("eve"); // never active: last either way
    }
    expect(exportQuery({ ...DEFAULT_VIEW, unverified: true, query: " e " })).toEqual({
      q: "e", verified: false, sort: "createdAt", descending: true });
  });

  it("words every action of the log, a one-use code and the make-admin command too", () => {
    expect(auditLine(line(1))).toBe("boss generated a promo code (CODE1: 30 days, 1 use, never expires)");
    expect(auditLine(line(2, { action: "end_sessions", targetType: "user", targetId: ANA.id, targetUsername: "ana",
                                detail: "2 sessions" }))).toBe("boss ended the sessions of ana (2 sessions)");
    expect(auditLine(line(3, { action: "admin_from_command", targetType: "user", targetUsername: "boss",
                                detail: "now an admin" }))).toBe("boss was made an admin by the make-admin command");
    expect(auditLine(line(4, { action: "change_promo_code", detail: "CODE4: deactivated" })))
      .toBe("boss changed a promo code (CODE4: deactivated)");
  });
});

describe("the admin panel", { timeout: 30_000 }, () => {
  it("filters and sorts the users and exports them with the same filters and order", async () => {
    const user = userEvent.setup();
    const api = server({ "GET /api/admin/users/export": () => new Response("id,username\r\n", {
      status: 200, headers: { "Content-Type": "text/csv" } }) });
    const created = vi.fn(() => "blob:users");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    const all = await screen.findByRole("list", { name: "All users" });
    const names = () => within(all).getAllByRole("listitem").map((li) => li.getAttribute("aria-label"));
    expect(names()).toEqual(["eve", "boss", "ana"]);

    const filters = screen.getByRole("group", { name: "Filter all users" });
    await user.click(within(filters).getByRole("button", { name: "Unverified" }));
    expect(names()).toEqual(["eve"]);
    expect(screen.getByText("1 of 3 users")).toBeInTheDocument();
    await user.click(within(filters).getByRole("button", { name: "Unverified" }));
    await user.click(screen.getByRole("button", { name: "Sort by username" }));
    expect(names()).toEqual(["ana", "boss", "eve"]);
    await user.click(screen.getByRole("button", { name: "Sort by username, ascending" }));
    expect(names()).toEqual(["eve", "boss", "ana"]);

    await user.click(within(filters).getByRole("button", { name: "Premium" }));
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Users exported")).toBeInTheDocument();
    const asked = new URL(api.calls("GET /api/admin/users/export")[0]!.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ premium: "true", sort: "username", descending: "true" });
    expect(created).toHaveBeenCalledTimes(1);
    expect(within(all).getByRole("link", { name: "ana: open their page" })).toHaveAttribute("href", `/admin/users/${ANA.id}`);
  });

  it("shows each code's state and deactivates one after confirming", async () => {
    const user = userEvent.setup();
    const api = server({
      [`PATCH /api/admin/promo-codes/${CODE.id}`]: () =>
        json(200, { ...CODE, deactivatedAt: "2025-06-01T00:00:00Z", state: "deactivated" }),
    });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    await user.click(await screen.findByRole("tab", { name: "System" }));
    await user.click(screen.getByRole("tab", { name: "Manage Codes" }));
    const item = await screen.findByRole("listitem", { name: CODE.code });
    expect(within(item).getByTestId("code-state")).toHaveTextContent("Used up");
    expect(item).toHaveTextContent("used 1 of 1 use · grants 30 days · until Dec 31, 2025");

    api.handlers["GET /api/admin/promo-codes"] = () =>
      json(200, [{ ...CODE, deactivatedAt: "2025-06-01T00:00:00Z", state: "deactivated" }]);
    await user.click(within(item).getByRole("button", { name: `Deactivate ${CODE.code}` }));
    const dialog = await screen.findByRole("alertdialog");
    expect(api.calls(`PATCH /api/admin/promo-codes/${CODE.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Code deactivated")).toBeInTheDocument();
    expect(await api.body(`PATCH /api/admin/promo-codes/${CODE.id}`)).toEqual({ active: false });
    await waitFor(() =>
      expect(within(screen.getByRole("listitem", { name: CODE.code })).getByTestId("code-state")).toHaveTextContent(
        "Deactivated",
      ),
    );
  });

  it("pages through the audit log with Load more", async () => {
    const user = userEvent.setup();
    const api = server({
      "GET /api/admin/audit-log": (request) => {
        const query = new URL(request.url).searchParams;
        if (query.get("action")) return json(200, [line(9, { detail: "CODE9" })], { "X-Total-Count": "1" });
        return query.get("before")
          ? json(200, [line(3)], { "X-Total-Count": "3" })
          : json(200, [line(1), line(2)], { "X-Total-Count": "3", "X-Next-Cursor": "next-page" });
      },
    });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    await user.click(await screen.findByRole("tab", { name: "System" }));
    const log = await screen.findByRole("list", { name: "Admin activity" });
    expect(within(log).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("2 of 3 actions")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(log).getAllByRole("listitem")).toHaveLength(3));
    expect(new URL(api.calls("GET /api/admin/audit-log").at(-1)!.url).searchParams.get("before")).toBe("next-page");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(within(log).getByText(/CODE1: 30 days, 1 use, never expires/)).toBeInTheDocument();
  });
});

describe("a user's page", { timeout: 30_000 }, () => {
  const detail: AdminUserDetail = {
    user: { ...EVE, sessionCount: 0 },
    sessions: [{ id: "s1", createdAt: "2025-06-01T10:00:00Z", lastSeenAt: "2025-06-02T10:00:00Z",
      expiresAt: "2025-07-01T10:00:00Z", ipAddress: "203.0.113.9", current: false,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36" }],
    verificationSentAt: "2025-06-01T10:00:00Z", verificationExpiresAt: "2025-06-01T10:15:00Z", lastEntryAt: null,
    tasks: 2, insights: 1, photos: 0, hasResume: false, waitlistSubscribed: true, redemptions: [],
    auditLog: [line(5, { action: "resend_verification", targetType: "user", targetId: EVE.id, targetUsername: "eve",
                         detail: null })],
  };

  function renderPage() {
    renderWithProviders(
      [{ path: "/admin/users/:userId", element: <AdminUserPage /> }, { path: "/admin", element: <h1>Panel</h1> }],
      { auth: makeAuth({ user: makeUser({ isAdmin: true }) }), path: `/admin/users/${EVE.id}` },
    );
  }

  it("shows the facts and sends a new code, and ends the sessions only after confirming", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET /api/admin/users/${EVE.id}`]: () => json(200, detail),
      [`POST /api/admin/users/${EVE.id}/resend-verification`]: () =>
        json(200, { success: true, message: "A new verification code was sent to u3@example.com." }),
      [`POST /api/admin/users/${EVE.id}/end-sessions`]: () => json(200, { success: true, message: "1 session ended.", ended: 1 }),
    });
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: /eve/ })).toBeInTheDocument();
    expect(screen.getByText("u3@example.com")).toBeInTheDocument();
    expect(screen.getByText(/Not verified · code sent/)).toBeInTheDocument();
    expect(screen.getByText("Chrome on Windows")).toBeInTheDocument();
    expect(screen.getByText("2 · 1 · 0")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Admin actions about eve" })).getByText(/sent a new verification code to eve/))
      .toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Resend verification code" }));
    expect(await screen.findByText("A new verification code was sent to u3@example.com.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "End all sessions" }));
    expect(api.calls(`POST /api/admin/users/${EVE.id}/end-sessions`)).toHaveLength(0);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "End Sessions" }));
    expect(await screen.findByText("1 session ended.")).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/users/${EVE.id}/end-sessions`)).toHaveLength(1);
  });

  it("says a deleted user no longer exists", async () => {
    fakeApi({ [`GET /api/admin/users/${EVE.id}`]: () => json(404, { error: "User not found" }) });
    renderPage();
    expect(await screen.findByText("This user no longer exists (the account was deleted).")).toBeInTheDocument();
  });

  it("names a session's browser and system", () => {
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605 Version/17.0 Safari/604.1"))
      .toBe("Safari on iOS");
    expect(deviceOf(null)).toBe("Unknown device");
  });
});
