/**
 * The audit log (System tab): every admin action, newest first, AUDIT_PAGE lines at a time with
 * Load more, filtered by action and by admin. Lines about a user link to that user's page.
 */
import { useState } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Loader2Icon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { ACTION_FILTERS, adminUserPath, auditLine } from "@/features/admin/labels";
import { adminQueries, type AuditEntry, type AuditFilter } from "@/features/admin/queries";

const EVERY = "all";

/** One line: what happened, when, and a link to the user it was about while that account exists. */
export function AuditLines({ lines, label }: { lines: AuditEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y rounded-lg border text-sm">
      {lines.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:justify-between">
          <span>
            {auditLine(entry)}
            {entry.targetType === "user" && entry.targetId && entry.action !== "delete_user" && entry.targetUsername && (
              <>
                {" "}
                <Link to={adminUserPath(entry.targetId)} className="text-primary underline-offset-4 hover:underline">
                  view
                  <span className="sr-only"> {entry.targetUsername}</span>
                </Link>
              </>
            )}
          </span>
          <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {format(new Date(entry.createdAt), "MMM d, yyyy HH:mm")}
          </time>
        </li>
      ))}
    </ol>
  );
}

export function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useInfiniteQuery(adminQueries.auditLog(filter));
  const users = useQuery(adminQueries.users());
  const admins = (users.data ?? []).filter((u) => u.isAdmin);
  const lines = log.data?.pages.flatMap((page) => page.lines) ?? [];
  const total = log.data?.pages[0]?.total ?? 0;
  const set = (key: keyof AuditFilter, value: string) =>
    setFilter((current) => {
      const next = { ...current };
      if (value === EVERY) delete next[key];
      else next[key] = value;
      return next;
    });

  return (
    <section aria-labelledby="audit-log" className="space-y-3">
      <h2 id="audit-log" className="text-lg font-semibold">
        Admin activity
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <FormField id="audit-action" label="Action" className="space-y-1.5">
          {({ id }) => (
            <Select value={filter.action ?? EVERY} onValueChange={(value) => set("action", value)}>
              <SelectTrigger id={id} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={EVERY}>Every action</SelectItem>
                {ACTION_FILTERS.map((action) => (
                  <SelectItem key={action.value} value={action.value}>
                    {action.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField id="audit-admin" label="Admin" className="space-y-1.5">
          {({ id }) => (
            <Select value={filter.adminId ?? EVERY} onValueChange={(value) => set("adminId", value)}>
              <SelectTrigger id={id} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={EVERY}>Every admin</SelectItem>
                {admins.map((admin) => (
                  <SelectItem key={admin.id} value={admin.id}>
                    {admin.username}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      {log.isError ? (
        <p className="text-sm text-destructive">Could not load the audit log.</p>
      ) : log.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading the audit log" />
      ) : lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {filter.action || filter.adminId ? "No admin action matches these filters." : "No admin actions yet."}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {lines.length === total ? `${total} ${total === 1 ? "action" : "actions"}` : `${lines.length} of ${total} actions`}
          </p>
          <AuditLines lines={lines} label="Admin activity" />
          {log.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" size="sm" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {log.isFetchingNextPage && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
