import { useContext } from "react";
import { Link } from "react-router";

import { Logo } from "@/components/brand/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { AuthContext } from "@/features/auth/auth-context";

/** The public landing's transparent header: logo and name, theme toggle, Sign In. The static
 * pages share it: a signed-in journaler who opens About from the menu is offered the way back to
 * the journal instead of 'Sign In'. */
export function LandingHeader() {
  const signedIn = useContext(AuthContext)?.status === "authenticated";
  return (
    <header className="absolute inset-x-0 top-0 z-10 bg-transparent">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Reverie home"
        >
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost">
            {signedIn ? <Link to="/">Open Journal</Link> : <Link to="/auth">Sign In</Link>}
          </Button>
        </nav>
      </div>
    </header>
  );
}
