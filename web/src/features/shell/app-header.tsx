import { Link, NavLink } from "react-router";

import { Logo } from "@/components/brand/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth/auth-context";
import { HEADER_NAV_ITEMS } from "@/features/shell/nav-items";
import { UserMenu } from "@/features/shell/user-menu";
import { AUTH_PATH, PRODUCT_NAME } from "@/lib/constants";
import { cn } from "@/lib/utils";

const focusRing = "outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * The signed-in header, shown from the md breakpoint (768 px) up: logo and name, Journal,
 * Patterns and Tasks (the current one marked with aria-current="page" by NavLink), the theme
 * toggle and the avatar menu. Without a user (the session just ended) a Login button replaces
 * the avatar, as the spec describes for the signed-out header.
 */
export function AppHeader() {
  const { user, logout } = useAuth();

  return (
    <header className="sticky top-0 z-40 hidden border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:block">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-6">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className={cn("rounded-md", focusRing)}>
          <Logo />
        </Link>
        <nav aria-label="Main navigation" className="flex-1">
          <ul className="flex items-center gap-1">
            {HEADER_NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors",
                      focusRing,
                      isActive
                        ? "bg-accent text-accent-foreground"
                        : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} logout={logout} />
          ) : (
            <Button asChild variant="ghost">
              <Link to={AUTH_PATH}>Login</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
