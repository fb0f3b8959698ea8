import { Link } from "react-router";

import { Logo } from "@/components/brand/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { useAuth } from "@/features/auth/auth-context";
import { useIsMobile } from "@/hooks/use-mobile";
import { UserMenu } from "@/features/shell/user-menu";
import { PRODUCT_NAME } from "@/lib/constants";

/**
 * The signed-in top bar on small screens (below md, where the desktop header is hidden): the logo
 * and the avatar menu, so a phone has Profile, Subscription, About and Logout too (the bottom bar
 * holds the five tabs and no account actions). It scrolls away with the page.
 */
export function MobileHeader() {
  const { user, logout } = useAuth();
  const isMobile = useIsMobile();
  if (!user || !isMobile) return null;
  return (
    <header className="border-b bg-background/85 md:hidden">
      <div className="flex h-14 items-center justify-between gap-2 px-4">
        <Link
          to="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <UserMenu user={user} logout={logout} />
        </div>
      </div>
    </header>
  );
}
