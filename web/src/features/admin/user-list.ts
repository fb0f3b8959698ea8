/**
 * How the users tabs filter and sort the rows they loaded: the same filters and order the CSV export
 * asks the server for (api/admin/listing.py), so the file holds what the admin is looking at.
 */
import type { AdminUser, UsersExportQuery } from "@/features/admin/queries";

export type UserSort = "createdAt" | "username" | "entries" | "sessions" | "lastActivityAt" | "lastLoginAt";

export interface UserView {
  query: string;
  premium: boolean;
  admin: boolean;
  unverified: boolean;
  sort: UserSort;
  descending: boolean;
}

export const DEFAULT_VIEW: UserView = {
  query: "",
  premium: false,
  admin: false,
  unverified: false,
  sort: "createdAt",
  descending: true,
};

/** The sortable columns, as their buttons name them; each starts in the direction most asked for. */
export const SORT_COLUMNS: { key: UserSort; label: string; descending: boolean }[] = [
  { key: "username", label: "Username", descending: false },
  { key: "createdAt", label: "Joined", descending: true },
  { key: "entries", label: "Entries", descending: true },
  { key: "sessions", label: "Sessions", descending: true },
  { key: "lastActivityAt", label: "Last active", descending: true },
  { key: "lastLoginAt", label: "Last login", descending: true },
];

function value(user: AdminUser, sort: UserSort): string | number | null {
  switch (sort) {
    case "username":
      return user.username.toLowerCase();
    case "createdAt":
      return Date.parse(user.createdAt);
    case "entries":
      return user.journalEntryCount;
    case "sessions":
      return user.sessionCount;
    case "lastActivityAt":
      return user.lastActivityAt ? Date.parse(user.lastActivityAt) : null;
    case "lastLoginAt":
      return user.lastLoginAt ? Date.parse(user.lastLoginAt) : null;
  }
}

/** `users` whose username or e-mail contains `query`, ignoring case and surrounding spaces. */
export function matchingUsers(users: AdminUser[], query: string): AdminUser[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((u) => u.username.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));
}

/** The rows the view keeps, in its order: rows without the value last whichever the direction, the
 * newest account first among equals. */
export function viewUsers(users: AdminUser[], view: UserView): AdminUser[] {
  const kept = matchingUsers(users, view.query).filter(
    (u) => (!view.premium || u.isPremium) && (!view.admin || u.isAdmin) && (!view.unverified || !u.isVerified),
  );
  const newestFirst = [...kept].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const known = newestFirst.filter((u) => value(u, view.sort) !== null);
  const unknown = newestFirst.filter((u) => value(u, view.sort) === null);
  known.sort((a, b) => {
    const x = value(a, view.sort) as string | number;
    const y = value(b, view.sort) as string | number;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return view.descending ? -order : order;
  });
  return [...known, ...unknown];
}

/** The export's query for the view (a filter that is off is left out: either way). */
export function exportQuery(view: UserView): UsersExportQuery {
  return {
    ...(view.query.trim() ? { q: view.query.trim() } : {}),
    ...(view.premium ? { premium: true } : {}),
    ...(view.admin ? { admin: true } : {}),
    ...(view.unverified ? { verified: false } : {}),
    sort: view.sort,
    descending: view.descending,
  };
}
