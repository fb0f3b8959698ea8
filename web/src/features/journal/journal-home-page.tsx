import { NotebookPenIcon } from "lucide-react";

import { Card, CardContent } from "@/components/ui/card";
import { useAuth } from "@/features/auth/auth-context";

/** The signed-in home at / (spec part 1, section 2, "Journal home"); the editor arrives later. */
export function JournalHomePage() {
  const { user } = useAuth();
  const today = new Date().toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });

  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm text-muted-foreground">{today}</p>
      <h1 className="mt-1 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Journal</h1>
      <p className="mt-3 text-muted-foreground">
        {user ? `Welcome back, ${user.username}. ` : ""}Take a quiet moment with your thoughts.
      </p>

      <Card className="mt-10 border-dashed bg-card/60">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <NotebookPenIcon className="size-6" aria-hidden="true" />
          </span>
          <p className="font-medium">Your journal is almost ready</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            The editor for today's entry will appear here. Everything you write stays in your own account.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
