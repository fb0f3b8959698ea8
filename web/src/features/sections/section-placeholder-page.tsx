import { SparklesIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** A signed-in section whose screen is still being built: says so plainly, with a way back. */
export function SectionPlaceholderPage({ title }: { title: string }) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <Card className="mt-8 border-dashed bg-card/60">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <SparklesIcon className="size-6" aria-hidden="true" />
          </span>
          <p className="font-medium">This part of Reverie is on its way</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Keep writing in your journal: everything you write now will show up here when it arrives.
          </p>
          <Button asChild variant="outline">
            <Link to="/">Back to your journal</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
