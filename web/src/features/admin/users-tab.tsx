/** The All Users, Active Users and Test Accounts tabs: one list of users with per-user actions. */
import { useState } from "react";
import { format } from "date-fns";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CrownIcon,
  DownloadIcon,
  Loader2Icon,
  ShieldIcon,
  ShieldOffIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { Link } from "react-router";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";
import {
  adminUserPath,
  MESSAGES,
  ownAccountWarning,
  promoOrigin,
  shortDate,
  statusLabel,
  subscriptionLabel,
  userGone,
} from "@/features/admin/labels";
import {
  fetchUsersCsv,
  useDeleteUser,
  useSetAdmin,
  useSetPremiumAccess,
  type AdminUser,
} from "@/features/admin/queries";
import { DEFAULT_VIEW, exportQuery, matchingUsers, SORT_COLUMNS, viewUsers, type UserView } from "@/features/admin/user-list";
import { downloadFile } from "@/features/settings/export-csv";
import { useAuth } from "@/features/auth/auth-context";
import { toast } from "@/hooks/use-toast";
import { MSG as ACCOUNT } from "@/features/settings/messages";
import { ApiError, serverMessage } from "@/lib/api/client";

/** Why a change on `user` was refused, where trying again cannot help: the user is gone (deleted
 * in another tab or by another admin), this admin lost their rights, or the server's reason for a
 * conflict (e.g. the last admin). Otherwise `fallback`, the spec's text. */
function reason(error: unknown, user: AdminUser, fallback?: string): string | undefined {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 404) return userGone(user.username);
  if (error.status === 403) return MESSAGES.accessDenied.description;
  if (error.status === 409) return serverMessage(error) ?? fallback;
  return fallback;
}

/** Rows shown at first, and added by each 'Show more': a panel of thousands stays quick to open. */
export const USERS_PAGE = 50;

export { matchingUsers };

export function UsersList({
  users,
  label,
  empty,
  exportable = false,
}: {
  users: AdminUser[];
  label: string;
  empty: string;
  /** Offer the CSV export of what is shown (the All Users tab: the server knows its rows). */
  exportable?: boolean;
}) {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [view, setView] = useState<UserView>(DEFAULT_VIEW);
  const [shown, setShown] = useState(USERS_PAGE);
  const [exporting, setExporting] = useState(false);
  const query = view.query;
  const change = (next: Partial<UserView>) => {
    setView((current) => ({ ...current, ...next }));
    setShown(USERS_PAGE);
  };
  const download = async () => {
    setExporting(true);
    try {
      const csv = await fetchUsersCsv(exportQuery(view));
      downloadFile(`reverie-users-${format(new Date(), "yyyy-MM-dd")}.csv`, csv, "text/csv;charset=utf-8");
      toast({ title: "Users exported", description: `${found.length} ${found.length === 1 ? "user" : "users"} in the CSV file.` });
    } catch {
      toast({ variant: "destructive", title: "Export failed", description: "The users could not be exported. Please try again." });
    } finally {
      setExporting(false);
    }
  };
  const setAdmin = useSetAdmin();
  const setPremium = useSetPremiumAccess();
  const deleteUser = useDeleteUser();
  const { user: me, logout } = useAuth();

  const askAdmin = (user: AdminUser) => {
    const isAdmin = !user.isAdmin;
    setConfirmation({
      title: isAdmin ? "Make admin?" : "Remove admin rights?",
      description: isAdmin
        ? `${user.username} will be able to manage every user, the waitlist and promo codes.`
        : `${user.username} will no longer be able to open the Admin Panel.`,
      action: isAdmin ? "Make Admin" : "Remove Admin",
      onConfirm: () =>
        setAdmin.mutate(
          { id: user.id, isAdmin },
          {
            onSuccess: () => toast({ title: "Admin Status Updated", description: `${user.username} updated.` }),
            onError: (error) =>
              toast({ ...MESSAGES.adminFailed, description: reason(error, user, MESSAGES.adminFailed.description), variant: "destructive" }),
          },
        ),
    });
  };

  const askPremium = (user: AdminUser) => {
    const enabled = user.promoSource === null;
    setConfirmation({
      title: enabled ? "Grant premium access?" : "Revoke premium access?",
      description: enabled
        ? `${user.username} gets premium promo access until you revoke it.`
        : `${user.username} loses their promo access${user.subscriptionTier === "premium" && user.subscriptionStatus === "active" ? " (the premium tier stays)" : ""}.`,
      action: enabled ? "Grant Premium" : "Revoke Premium",
      onConfirm: () =>
        setPremium.mutate(
          { id: user.id, enabled },
          {
            onSuccess: () => toast({ title: "Premium Access Updated", description: `${user.username} updated.` }),
            onError: (error) => toast({ ...MESSAGES.premiumFailed, description: reason(error, user), variant: "destructive" }),
          },
        ),
    });
  };

  const askDelete = (user: AdminUser) => {
    const own = me?.id === user.id;
    const what = `${user.username} (${user.email}) and all their journal entries, tasks, insights and photos will be deleted. This action cannot be undone.`;
    setConfirmation({
      title: "Delete user permanently?",
      description: own ? `${ownAccountWarning} ${what}` : what,
      action: "Delete User",
      destructive: true,
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          // One's own account: the session ended with it, so sign out and say why (not 'Session Expired').
          onSuccess: () =>
            own
              ? void logout().then(() => toast({ title: ACCOUNT.accountDeletedTitle, description: ACCOUNT.accountDeleted }))
              : toast({ title: "User Deleted", description: `${user.username} was deleted.` }),
          onError: (error) =>
            toast({ ...MESSAGES.deleteFailed, description: reason(error, user, MESSAGES.deleteFailed.description), variant: "destructive" }),
        }),
    });
  };

  if (users.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>;

  const found = viewUsers(users, view);
  const filtered = query.trim() !== "" || view.premium || view.admin || view.unverified;
  const total = `${users.length} ${users.length === 1 ? "user" : "users"}`;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {filtered ? `${found.length} of ${total}` : total}
        </p>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Input
            type="search"
            aria-label={`Search ${label.toLowerCase()} by username or e-mail`}
            placeholder="Search by username or e-mail"
            className="min-w-0 basis-full sm:w-72 sm:basis-auto"
            value={query}
            maxLength={200}
            onChange={(event) => change({ query: event.target.value })}
          />
          {exportable && (
            <Button size="sm" variant="outline" disabled={exporting || found.length === 0} onClick={() => void download()}>
              {exporting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
              Export CSV
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <div role="group" aria-label={`Filter ${label.toLowerCase()}`} className="flex flex-wrap items-center gap-1.5">
          <span className="text-muted-foreground">Only:</span>
          {(
            [
              ["premium", "Premium"],
              ["admin", "Admins"],
              ["unverified", "Unverified"],
            ] as const
          ).map(([key, text]) => (
            <Button
              key={key}
              size="sm"
              variant={view[key] ? "default" : "outline"}
              className="h-7"
              aria-pressed={view[key]}
              onClick={() => change({ [key]: !view[key] })}
            >
              {text}
            </Button>
          ))}
        </div>
        <div role="group" aria-label={`Sort ${label.toLowerCase()}`} className="flex flex-wrap items-center gap-1.5">
          <span className="text-muted-foreground">Sort:</span>
          {SORT_COLUMNS.map((column) => {
            const active = view.sort === column.key;
            const Arrow = view.descending ? ArrowDownIcon : ArrowUpIcon;
            return (
              <Button
                key={column.key}
                size="sm"
                variant={active ? "secondary" : "ghost"}
                className="h-7 px-2"
                aria-pressed={active}
                aria-label={`Sort by ${column.label.toLowerCase()}${active ? (view.descending ? ", descending" : ", ascending") : ""}`}
                onClick={() =>
                  change(active ? { descending: !view.descending } : { sort: column.key, descending: column.descending })
                }
              >
                {column.label}
                {active && <Arrow aria-hidden="true" />}
              </Button>
            );
          })}
        </div>
      </div>
      {found.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">
          {query.trim() && !view.premium && !view.admin && !view.unverified
            ? `No user's username or e-mail contains "${query.trim()}".`
            : "No user matches these filters."}
        </p>
      ) : null}
      <ul aria-label={label} className="divide-y rounded-lg border empty:hidden">
        {found.slice(0, shown).map((user) => (
          // Proportional columns only (no `auto` one sized by the row's own buttons): every row's
          // figures start at the same place, 'Remove Admin' or 'Make Admin'.
          <li
            key={user.id}
            aria-label={user.username}
            className="grid gap-3 p-4 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.5fr)] md:items-center"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <Link
                  to={adminUserPath(user.id)}
                  className="truncate underline-offset-4 hover:underline focus-visible:underline"
                  aria-label={`${user.username}: open their page`}
                >
                  {user.username}
                </Link>
                {user.isAdmin && (
                  <Badge variant="outline">
                    <CrownIcon aria-hidden="true" />
                    Admin
                  </Badge>
                )}
                {me?.id === user.id && <Badge variant="secondary">You</Badge>}
              </p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              <p className="flex flex-wrap gap-2">
                <Badge variant={statusLabel(user) === "Active" ? "secondary" : "destructive"}>{statusLabel(user)}</Badge>
                <Badge variant={user.isPremium ? "default" : "outline"}>{subscriptionLabel(user)}</Badge>
              </p>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <dt>Entries</dt>
              <dd className="text-foreground">{user.journalEntryCount}</dd>
              <dt>Sessions</dt>
              <dd className="text-foreground">{user.sessionCount}</dd>
              <dt>Joined</dt>
              <dd className="text-foreground">{shortDate(user.createdAt)}</dd>
              <dt>Last login</dt>
              <dd className="text-foreground">{shortDate(user.lastLoginAt)}</dd>
              <dt>Last active</dt>
              <dd className="text-foreground">{shortDate(user.lastActivityAt)}</dd>
              {user.promoSource && (
                <>
                  <dt>Promo</dt>
                  <dd className="text-foreground">
                    {promoOrigin(user)} · until {shortDate(user.promoCodeExpiry, "revoked")}
                  </dd>
                </>
              )}
            </dl>
            <div className="flex flex-wrap gap-2 md:justify-end">
              <Button size="sm" variant="outline" onClick={() => askAdmin(user)}>
                {user.isAdmin ? <ShieldOffIcon aria-hidden="true" /> : <ShieldIcon aria-hidden="true" />}
                {user.isAdmin ? "Remove Admin" : "Make Admin"}
              </Button>
              <Button size="sm" variant="outline" onClick={() => askPremium(user)}>
                <SparklesIcon aria-hidden="true" />
                {user.promoSource ? "Revoke Premium" : "Grant Premium"}
              </Button>
              <Button size="sm" variant="destructive" onClick={() => askDelete(user)} aria-label={`Delete ${user.username}`}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {found.length > shown ? (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" onClick={() => setShown((n) => n + USERS_PAGE)}>
            {`Show ${Math.min(USERS_PAGE, found.length - shown)} more (${shown} of ${found.length} shown)`}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
