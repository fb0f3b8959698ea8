import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";

import { LogoMark } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Stands in for the login and registration screen until accounts are built. No header here, per spec. */
export function AuthPlaceholderPage() {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="justify-items-center gap-4">
          <Link
            to="/"
            aria-label="Reverie home"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <LogoMark className="size-12" />
          </Link>
          <CardTitle>
            <h1 className="font-serif text-2xl font-semibold">Sign in to Reverie</h1>
          </CardTitle>
          <CardDescription>Accounts are coming soon: sign-in and registration will open here.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/">
              <ArrowLeftIcon aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
