import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { AdminPage } from "@/features/admin/admin-page";
import { auditLine, isTestAccount, ownAccountWarning, statusLabel, subscriptionLabel, userGone } from "@/features/admin/labels";
import type { AdminUser, PromoCode } from "@/features/admin/queries";
import { closeToasts, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const OLD = "2025-01-01T00:00:00Z";

function row(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: "00000000-0000-4000-8000-000000000001", username: "ana", email: "ana@example.com", createdAt: OLD,
    journalEntryCount: 3, sessionCount: 1, subscriptionTier: "free", subscriptionStatus: "free", isPremium: false,
    isVerified: true, deletedAt: null, isAdmin: false, promoSource: null, promoCodeApplied: null,
    promoCodeExpiry: null, lastLoginAt: null, lastActivityAt: null, ...overrides,
  };
}

const ANA = row();
const NEWBIE = row({ id: "00000000-0000-4000-8000-000000000002", username: "newbie", email: "new@example.com",
  journalEntryCount: 0, isVerified: false });

function server(overrides: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return fakeApi({
    "GET /api/admin/users": () => json(200, [ANA, NEWBIE]),
    "GET /api/admin/waitlist": () => json(200, []),
    "GET /api/admin/promo-codes": () => json(200, []),
    "GET /api/admin/stats": () => json(200, { users: 2, verifiedUsers: 1, activeUsers: 1, premiumUsers: 0, admins: 1,
      testAccounts: 1, entries: 3, entriesThisWeek: 1, waitlistSubscribed: 0, promoCodes: 0 }),
    "GET /api/admin/audit-log": () => json(200, []),
    ...overrides,
  });
}

describe("admin labels", () => {
  it("names statuses, plans and test accounts as the spec does", () => {
    expect(statusLabel(row({ deletedAt: OLD }))).toBe("Deleted");
    expect(statusLabel(row())).toBe("Active");
    expect(statusLabel(row({ isVerified: false }))).toBe("Unverified");
    expect(subscriptionLabel(row())).toBe("Free");
    expect(subscriptionLabel(row({ subscriptionTier: "premium", subscriptionStatus: "active" }))).toBe("Premium");
    expect(subscriptionLabel(row({ subscriptionTier: "premium", subscriptionStatus: "trialing" }))).toBe("Premium Trial");
    const now = Date.parse("2025-06-01T00:00:00Z");
    expect(isTestAccount(row(), now)).toBe(false);
    expect(isTestAccount(row({ journalEntryCount: 0 }), now)).toBe(true);
    expect(isTestAccount(row({ createdAt: "2025-05-31T12:00:00Z" }), now)).toBe(true);
  });

  it("words the audit log's lines, a grant by the server's configuration too", () => {
    const line = { id: "a1", adminId: "u1", createdAt: OLD, targetId: "u2", targetType: "user" };
    expect(auditLine({ ...line, action: "admin_from_config", adminUsername: "cara", targetUsername: "cara",
                       detail: "now an admin" })).toBe("cara was made an admin by the server's configuration (ADMIN_EMAILS)");
    expect(auditLine({ ...line, action: "grant_promo", adminUsername: "boss", targetUsername: null, detail: "7 days" }))
      .toBe("boss granted premium to a deleted user (7 days)");
  });
});

describe("AdminPage", { timeout: 30_000 }, () => {
  it("lists users on the tabs and deletes one only after confirming", async () => {
    const user = userEvent.setup();
    const api = server({
      "DELETE /api/admin/users/00000000-0000-4000-8000-000000000002": () =>
        json(200, { success: true, message: "User Deleted" }),
    });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));

    const all = await screen.findByRole("list", { name: "All users" });
    expect(within(all).getAllByRole("listitem")).toHaveLength(2);
    expect(within(all).getByText("Unverified")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Active Users" }));
    expect(within(await screen.findByRole("list", { name: "Active users" })).getAllByRole("listitem")).toHaveLength(1);
    await user.click(screen.getByRole("tab", { name: "Test Accounts" }));
    const tests = await screen.findByRole("list", { name: "Test accounts" });
    expect(within(tests).getByText("newbie")).toBeInTheDocument();

    await user.click(within(tests).getByRole("button", { name: "Delete newbie" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(api.calls("DELETE /api/admin/users/00000000-0000-4000-8000-000000000002")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText("User Deleted")).toBeInTheDocument();
    expect(api.calls("DELETE /api/admin/users/00000000-0000-4000-8000-000000000002")).toHaveLength(1);
  });

  it("searches a tab's users by username or e-mail, and shows a long list 50 at a time", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 120 }, (_, i) =>
      row({ id: `00000000-0000-4000-8000-${String(i + 10).padStart(12, "0")}`, username: `writer${i}`, email: `w${i}@example.org` }),
    );
    server({ "GET /api/admin/users": () => json(200, [ANA, NEWBIE, ...many]) });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));

    const all = await screen.findByRole("list", { name: "All users" });
    expect(within(all).getAllByRole("listitem")).toHaveLength(50);
    expect(screen.getByText("122 users")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show 50 more (50 of 122 shown)" }));
    expect(within(all).getAllByRole("listitem")).toHaveLength(100);
    await user.click(screen.getByRole("button", { name: "Show 22 more (100 of 122 shown)" }));
    expect(within(all).getAllByRole("listitem")).toHaveLength(122);
    expect(screen.queryByRole("button", { name: /more/ })).not.toBeInTheDocument();

    const search = screen.getByRole("searchbox", { name: "Search all users by username or e-mail" });
    await user.type(search, "  NEW@example ");
    expect(within(all).getAllByRole("listitem").map((li) => li.getAttribute("aria-label"))).toEqual(["newbie"]);
    expect(screen.getByText("1 of 122 users")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "writer11");
    expect(within(all).getAllByRole("listitem")).toHaveLength(11);
    await user.clear(search);
    await user.type(search, "nobody");
    expect(within(all).queryAllByRole("listitem")).toHaveLength(0);
    expect(screen.getByText('No user\'s username or e-mail contains "nobody".')).toBeInTheDocument();
  });

  it("says Access Denied when the users cannot be loaded", async () => {
    server({ "GET /api/admin/users": () => json(403, { error: "Admin access required" }) });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    expect(await screen.findAllByText("Failed to load users. Make sure you have admin privileges.")).not.toHaveLength(0);
  });

  it("asks for the lists again when the panel is opened again (others change them meanwhile)", async () => {
    const api = server();
    const { router } = renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    await screen.findByRole("list", { name: "All users" });
    expect(api.calls("GET /api/admin/users")).toHaveLength(1);
    await act(() => router.navigate("/settings"));
    api.handlers["GET /api/admin/users"] = () => json(200, [ANA, NEWBIE, row({ id: "00000000-0000-4000-8000-000000000003", username: "eve" })]);
    await act(() => router.navigate("/"));
    expect(await screen.findByText("eve")).toBeInTheDocument();
    expect(api.calls("GET /api/admin/users")).toHaveLength(2);
  });

  it("a user deleted elsewhere: the row action says so (not 'try again') and the list refreshes", async () => {
    const user = userEvent.setup();
    const api = server({
      [`DELETE /api/admin/users/${NEWBIE.id}`]: () => json(404, { error: "User not found" }),
      [`POST /api/admin/users/${ANA.id}/premium-access`]: () => json(404, { error: "User not found" }),
    });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    const all = await screen.findByRole("list", { name: "All users" });
    api.handlers["GET /api/admin/users"] = () => json(200, [ANA]);

    await user.click(within(all).getByRole("button", { name: "Delete newbie" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText(userGone("newbie"))).toBeInTheDocument();
    expect(screen.queryByText("Failed to delete user. Please try again.")).not.toBeInTheDocument();
    await waitFor(() => expect(within(all).queryByText("newbie")).not.toBeInTheDocument());
    expect(api.calls("GET /api/admin/users")).toHaveLength(2);

    closeToasts();
    await user.click(within(all).getByRole("button", { name: "Grant Premium" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Grant Premium" }));
    expect(await screen.findByText("Failed to update premium access")).toBeInTheDocument();
    expect(screen.getByText(userGone("ana"))).toBeInTheDocument();
    await waitFor(() => expect(api.calls("GET /api/admin/users")).toHaveLength(3));
  });

  it("admin rights lost while the panel is open: a 403 anywhere leads to the Access Denied card", async () => {
    const user = userEvent.setup();
    const api = server();
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    await screen.findByRole("list", { name: "All users" });
    const denied = () => json(403, { error: "Admin access required" });
    for (const key of ["GET /api/admin/users", "GET /api/admin/waitlist", "GET /api/admin/stats"]) api.handlers[key] = denied;

    await user.click(screen.getByRole("tab", { name: "Waitlist" }));
    const card = await screen.findByRole("alert", {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole("tablist")).not.toBeInTheDocument());
    expect(screen.getAllByText("Failed to load users. Make sure you have admin privileges.").length).toBeGreaterThan(0);
    expect(card).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "All users" })).not.toBeInTheDocument();
  });

  it("deleting one's own account warns first, then signs out with 'Account Deleted'", async () => {
    const user = userEvent.setup();
    const me = makeUser({ isAdmin: true });
    const mine = row({ id: me.id, username: me.username, email: me.email, isAdmin: true });
    const api = server({
      "GET /api/admin/users": () => json(200, [mine, ANA]),
      [`DELETE /api/admin/users/${me.id}`]: () => json(200, { success: true, message: "User Deleted" }),
    });
    const { auth } = renderSignedIn(<AdminPage />, me);
    const all = await screen.findByRole("list", { name: "All users" });
    await user.click(within(all).getByRole("button", { name: `Delete ${me.username}` }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(ownAccountWarning);
    await user.click(within(dialog).getByRole("button", { name: "Delete User" }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("Account Deleted")).toBeInTheDocument();
    // Nothing of the panel is asked for again with the ended session (a 401 would say 'Session Expired').
    expect(api.calls("GET /api/admin/users")).toHaveLength(1);
  });

  it("generates a code (influencer name required, 30 days by default) and shows the empty states", async () => {
    const user = userEvent.setup();
    const promo: PromoCode = { id: "p1", code: "MIA-ABCDEFGHJKMN", influencerName: "Mia", createdAt: OLD, expiresAt: null,
      expiresOn: null, durationDays: 30, currentUses: 0, maxUses: 100, deactivatedAt: null, state: "active" };
    const api = server({
      "POST /api/admin/generate-promo-code": () => json(201, { code: promo.code, promoCode: promo }),
    });
    renderSignedIn(<AdminPage />, makeUser({ isAdmin: true }));
    await user.click(await screen.findByRole("tab", { name: "Waitlist" }));
    expect(await screen.findByText("No waitlist entries found.")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "System" }));
    expect(await screen.findByText("Entries this week")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Generate Code" }));
    expect(await screen.findByText("Please enter an influencer name")).toBeInTheDocument();
    expect(api.calls("POST /api/admin/generate-promo-code")).toHaveLength(0);
    await user.type(screen.getByLabelText("Influencer name"), "Mia");
    await user.click(screen.getByRole("button", { name: "Generate Code" }));
    expect(await screen.findByTestId("generated-code")).toHaveTextContent(promo.code);
    expect(await api.body("POST /api/admin/generate-promo-code")).toEqual({
      influencerName: "Mia", durationDays: 30, neverExpires: false });
    await user.click(screen.getByRole("tab", { name: "Manage Codes" }));
    await waitFor(() => expect(api.calls("GET /api/admin/promo-codes").length).toBeGreaterThan(0));
  });
});
