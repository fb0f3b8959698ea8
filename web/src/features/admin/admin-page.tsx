/**
 * /admin: the Admin Panel (spec part 2, sections 2 and 6). Tabs All Users, Active Users, Test
 * Accounts, Waitlist and System. Only admins reach it (the route checks isAdmin), and every call
 * it makes is refused by the server to anyone else.
 */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlertIcon } from "lucide-react";

import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { isActiveUser, isTestAccount, MESSAGES } from "@/features/admin/labels";
import { adminQueries, useAccessCheck } from "@/features/admin/queries";
import { SystemTab } from "@/features/admin/system-tab";
import { UsersList } from "@/features/admin/users-tab";
import { WaitlistTab } from "@/features/admin/waitlist-tab";
import { toast } from "@/hooks/use-toast";

export function AdminPage() {
  const users = useQuery(adminQueries.users());
  useAccessCheck();

  useEffect(() => {
    if (users.isError) toast({ ...MESSAGES.accessDenied, variant: "destructive" });
  }, [users.isError]);

  // wrap-anywhere: long names, codes and e-mails with no spaces wrap inside their rows at phone width.
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-8 wrap-anywhere sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Admin Panel</h1>
      {users.isError ? (
        <Card role="alert">
          <CardContent className="flex items-start gap-3 py-4">
            <ShieldAlertIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
            <div>
              <p className="font-medium">{MESSAGES.accessDenied.title}</p>
              <p className="text-sm text-muted-foreground">{MESSAGES.accessDenied.description}</p>
            </div>
          </CardContent>
        </Card>
      ) : (
        <Tabs defaultValue="all">
          <div>
            <TabsList className="h-auto flex-wrap justify-start">
              <TabsTrigger value="all">All Users</TabsTrigger>
              <TabsTrigger value="active">Active Users</TabsTrigger>
              <TabsTrigger value="test">Test Accounts</TabsTrigger>
              <TabsTrigger value="waitlist">Waitlist</TabsTrigger>
              <TabsTrigger value="system">System</TabsTrigger>
            </TabsList>
          </div>
          {users.isPending ? (
            <Skeleton className="mt-4 h-48 w-full" aria-label="Loading users" />
          ) : (
            <>
              <TabsContent value="all" className="space-y-3 pt-2">
                <UsersList users={users.data} label="All users" empty="No users yet." exportable />
              </TabsContent>
              <TabsContent value="active" className="space-y-3 pt-2">
                <UsersList users={users.data.filter(isActiveUser)} label="Active users" empty="No active users yet." />
              </TabsContent>
              <TabsContent value="test" className="space-y-3 pt-2">
                <UsersList users={users.data.filter((u) => isTestAccount(u))} label="Test accounts" empty="No test accounts." />
              </TabsContent>
            </>
          )}
          <TabsContent value="waitlist" className="pt-2">
            <WaitlistTab />
          </TabsContent>
          <TabsContent value="system" className="pt-2">
            <SystemTab />
          </TabsContent>
        </Tabs>
      )}
    </main>
  );
}
