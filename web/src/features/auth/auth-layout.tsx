import type { ReactNode } from "react";
import { LockIcon, NotebookPenIcon, SparklesIcon } from "lucide-react";
import { Link } from "react-router";

import { Logo, LogoMark } from "@/components/brand/logo";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/lib/constants";
import { cn } from "@/lib/utils";

const PROMISES = [
  { icon: NotebookPenIcon, text: "Write the way you think, one day at a time" },
  { icon: SparklesIcon, text: "Gentle insights, patterns and next steps from your entries" },
  { icon: LockIcon, text: "Private by default: your journal is yours alone" },
];

/** The frame of /auth: no app header; a quiet brand panel beside the form on wide screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden border-r bg-card/40 lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--primary)_20%,transparent),transparent_60%)]"
        />
        <Link
          to="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="self-start rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </Link>
        <div className="max-w-md">
          <p className="font-serif text-3xl leading-snug font-semibold tracking-tight text-balance">
            A quiet place to think things through.
          </p>
          <ul className="mt-8 space-y-4 text-sm text-muted-foreground">
            {PROMISES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-muted-foreground">
          <Link to="/about" className="underline-offset-4 hover:underline">
            About {PRODUCT_NAME}
          </Link>
        </p>
      </aside>

      <main className="relative flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_14%,transparent),transparent_70%)] lg:hidden"
        />
        <div className="w-full max-w-md">
          <Link
            to="/"
            aria-label={`${PRODUCT_NAME} home`}
            className="mx-auto mb-8 flex w-fit rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:hidden"
          >
            <LogoMark className="size-11" />
          </Link>
          {children}
          <p className="mt-6 text-center text-xs leading-relaxed text-muted-foreground">
            By continuing you agree to the{" "}
            <Link to="/terms-of-service" className="underline underline-offset-4 hover:text-foreground">
              Terms of Service
            </Link>{" "}
            and the{" "}
            <Link to="/privacy-policy" className="underline underline-offset-4 hover:text-foreground">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </main>
    </div>
  );
}

/** One view of the auth screen: its heading (the page's h1), a line under it, the form, a footer. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn("gap-6 shadow-md sm:py-8", className)}>
      <CardHeader className="gap-2 text-center sm:px-8">
        {icon && (
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
            {icon}
          </div>
        )}
        <h1 className="font-serif text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <CardDescription className="text-pretty">{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="sm:px-8">{children}</CardContent>}
      {footer && (
        <CardFooter className="flex-col gap-2 border-t pt-6 text-center text-sm text-muted-foreground sm:px-8 [.border-t]:pt-6">
          {footer}
        </CardFooter>
      )}
    </Card>
  );
}
