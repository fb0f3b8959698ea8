/**
 * /admin/users/:userId: one user's page in the Admin Panel (what Django admin's change page, Ghost's
 * member page and Mastodon's account page give): their e-mail and verification, plan, what they
 * keep, when they were last active, their signed-in sessions, the codes they redeemed, and the admin
 * actions about them; and what an admin does here: end their sessions, send a new verification code.
 */
import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ArrowLeftIcon, LogOutIcon, MailIcon, ShieldAlertIcon } from "lucide-react";
import { Link, useParams } from "react-router";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { AuditLines } from "@/features/admin/audit-log";
import { MESSAGES, promoOrigin, shortDate, statusLabel, subscriptionLabel } from "@/features/admin/labels";
import {
  adminQueries,
  useAccessCheck,
  useEndSessions,
  useResendVerification,
  type AdminUserDetail,
} from "@/features/admin/queries";
import { useAuth } from "@/features/auth/auth-context";
import { toast } from "@/hooks/use-toast";
import { ApiError, serverMessage } from "@/lib/api/client";
import { cn } from "@/lib/utils";

const BACK = "/admin";

function when(value: string | null | undefined, empty = "Never"): string {
  if (!value) return empty;
  return format(new Date(value), "MMM d, yyyy HH:mm");
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("flex flex-col gap-0.5 rounded-lg border bg-card p-3", wide && "col-span-2 lg:col-span-1")}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** A browser's name from its user agent, enough to tell sessions apart. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return [browser, system].filter(Boolean).join(" on ") || userAgent.slice(0, 60);
}

export function AdminUserPage() {
  const { userId = "" } = useParams();
  const detail = useQuery(adminQueries.user(userId));
  useAccessCheck();

  return (
    <main className="mx-auto w-full max-w-5xl flex-1 space-y-6 px-4 py-8 wrap-anywhere sm:px-6 sm:py-12">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={BACK}>
          <ArrowLeftIcon aria-hidden="true" />
          Admin Panel
        </Link>
      </Button>
      {detail.isPending ? (
        <Skeleton className="h-64 w-full" aria-label="Loading the user" />
      ) : detail.isError ? (
        <Card role="alert">
          <CardContent className="flex items-start gap-3 py-4">
            <ShieldAlertIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
            <p className="text-sm">
              {detail.error instanceof ApiError && detail.error.status === 404
                ? "This user no longer exists (the account was deleted)."
                : detail.error instanceof ApiError && detail.error.status === 403
                  ? MESSAGES.accessDenied.description
                  : "The user could not be loaded. Please try again."}
            </p>
          </CardContent>
        </Card>
      ) : (
        <UserFacts detail={detail.data} />
      )}
    </main>
  );
}

function UserFacts({ detail }: { detail: AdminUserDetail }) {
  const { user: me, logout } = useAuth();
  const user = detail.user;
  const own = me?.id === user.id;
  const endSessions = useEndSessions();
  const resend = useResendVerification();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const failed = (error: unknown) =>
    toast({ variant: "destructive", title: "Error", description: serverMessage(error) ?? "Please try again." });

  const askEnd = () =>
    setConfirmation({
      title: own ? "Sign out your other sessions?" : `Sign ${user.username} out everywhere?`,
      description: own
        ? "Every other browser and device signed in to your account is signed out. This one stays signed in."
        : `Every browser and device ${user.username} is signed in on is signed out. They can sign in again with their password.`,
      action: "End Sessions",
      destructive: true,
      onConfirm: () =>
        endSessions.mutate(user.id, {
          onSuccess: (body) => toast({ title: "Sessions ended", description: body.message }),
          onError: (error) => {
            failed(error);
            if (error instanceof ApiError && error.status === 401) void logout();
          },
        }),
    });

  return (
    <>
      <header className="space-y-2">
        <h1 className="flex flex-wrap items-center gap-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          {user.username}
          {user.isAdmin && <Badge variant="outline">Admin</Badge>}
          {own && <Badge variant="secondary">You</Badge>}
        </h1>
        <p className="flex flex-wrap gap-2">
          <Badge variant={statusLabel(user) === "Active" ? "secondary" : "destructive"}>{statusLabel(user)}</Badge>
          <Badge variant={user.isPremium ? "default" : "outline"}>{subscriptionLabel(user)}</Badge>
        </p>
      </header>

      <section aria-labelledby="user-facts" className="space-y-3">
        <h2 id="user-facts" className="sr-only">
          Facts
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Fact label="E-mail" wide>
            {user.email}
          </Fact>
          <Fact label="Verification" wide>
            {user.isVerified
              ? "Verified"
              : detail.verificationSentAt
                ? `Not verified · code sent ${when(detail.verificationSentAt)}, ${
                    detail.verificationExpiresAt && Date.parse(detail.verificationExpiresAt) < Date.now()
                      ? "expired"
                      : `valid until ${when(detail.verificationExpiresAt)}`
                  }`
                : "Not verified · no live code"}
          </Fact>
          <Fact label="Joined">{when(user.createdAt)}</Fact>
          <Fact label="Last active">{when(user.lastActivityAt)}</Fact>
          <Fact label="Last sign-in">{when(user.lastLoginAt)}</Fact>
          <Fact label="Last entry written">{when(detail.lastEntryAt)}</Fact>
          <Fact label="Journal entries">{user.journalEntryCount}</Fact>
          <Fact label="Tasks · insights · photos">
            {detail.tasks} · {detail.insights} · {detail.photos}
          </Fact>
          <Fact label="Resume">{detail.hasResume ? "Uploaded" : "None"}</Fact>
          <Fact label="Premium" wide>
            {user.promoSource
              ? `${promoOrigin(user)} · until ${shortDate(user.promoCodeExpiry, "revoked")}`
              : subscriptionLabel(user)}
          </Fact>
          <Fact label="Waitlist">
            {detail.waitlistSubscribed === null ? "Never joined" : detail.waitlistSubscribed ? "Subscribed" : "Unsubscribed"}
          </Fact>
        </dl>
      </section>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={askEnd} disabled={endSessions.isPending}>
          <LogOutIcon aria-hidden="true" />
          {own ? "End my other sessions" : "End all sessions"}
        </Button>
        {!user.isVerified && (
          <Button
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(user.id, {
                onSuccess: (body) => toast({ title: "Verification code sent", description: body.message }),
                onError: failed,
              })
            }
          >
            <MailIcon aria-hidden="true" />
            Resend verification code
          </Button>
        )}
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Sessions ({detail.sessions.length})</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.sessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
          ) : (
            <ul aria-label="Sessions" className="divide-y rounded-lg border text-sm">
              {detail.sessions.map((session) => (
                <li key={session.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
                  <span className="font-medium">
                    {deviceOf(session.userAgent)}
                    {session.current && <Badge variant="secondary" className="ml-2">This session</Badge>}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {session.ipAddress ? `${session.ipAddress} · ` : ""}signed in {when(session.createdAt)} · last seen{" "}
                    {when(session.lastSeenAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {detail.redemptions.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Codes redeemed</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-label="Codes redeemed" className="divide-y rounded-lg border text-sm">
              {detail.redemptions.map((r) => (
                <li key={`${r.code}-${r.redeemedAt}`} className="flex flex-col gap-1 p-3 sm:flex-row sm:justify-between">
                  <span className="font-mono">{r.code ?? "a deleted code"}</span>
                  <span className="text-xs text-muted-foreground">
                    redeemed {when(r.redeemedAt)} · premium until {shortDate(r.accessExpiresAt)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      <section aria-labelledby="user-audit" className="space-y-3">
        <h2 id="user-audit" className="text-lg font-semibold">
          Admin actions about {user.username}
        </h2>
        {detail.auditLog.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin has acted on this account.</p>
        ) : (
          <AuditLines lines={detail.auditLog} label={`Admin actions about ${user.username}`} />
        )}
      </section>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
