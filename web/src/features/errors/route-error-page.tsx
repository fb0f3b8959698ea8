import { isRouteErrorResponse, useRouteError } from "react-router";

import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NotFoundPage } from "@/features/errors/not-found-page";
import { isChunkLoadError } from "@/lib/lazy-page";

/**
 * Shown when rendering a route throws, instead of React Router's developer screen.
 * The wording is ours: the spec does not describe a crash screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }

  // A screen's code could not be fetched: usually a new version was deployed since this tab
  // opened (the automatic reload already ran), or the connection dropped.
  const chunkMissing = isChunkLoadError(error);

  return (
    <main className="flex flex-1 items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold">{chunkMissing ? "This page could not be loaded" : "Something went wrong"}</h1>
          <p className="text-sm text-muted-foreground">
            {chunkMissing
              ? "Reverie may have been updated, or the connection dropped. Reload to get the latest version."
              : "This page hit an unexpected error. Reloading usually helps."}
          </p>
          <Button className="self-start" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
