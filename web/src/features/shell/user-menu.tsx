import { useState } from "react";
import { LogOutIcon } from "lucide-react";
import { Link } from "react-router";

import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { AuthUser } from "@/features/auth/auth-context";
import { runSavesBeforeLogout } from "@/features/auth/before-logout";
import { getInitials } from "@/features/shell/initials";
import { ADMIN_NAV_ITEM, USER_MENU_ITEMS, type NavItem } from "@/features/shell/nav-items";
import { UNSAVED_CHANGES_MESSAGE } from "@/lib/constants";

function MenuLink({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <DropdownMenuItem asChild>
      <Link to={item.to}>
        <Icon aria-hidden="true" />
        {item.label}
      </Link>
    </DropdownMenuItem>
  );
}

/**
 * The avatar menu of the desktop header (spec part 1, "Layout"): Profile, Subscription, Settings,
 * About, Admin Panel for admins only, and Logout, which ends the session and then goes to /auth.
 * Unsaved journal text is saved first; if it cannot be, the spec's unsaved-changes question comes
 * before leaving. `logout()` reports success or failure with its own toasts and never throws.
 */
export function UserMenu({ user, logout }: { user: AuthUser; logout: () => Promise<void> }) {
  const [unsaved, setUnsaved] = useState(false);

  async function handleLogout() {
    if (await runSavesBeforeLogout()) await logout();
    else setUnsaved(true);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full" aria-label="Open user menu">
            <Avatar className="size-8">
              <AvatarFallback className="bg-primary/15 text-xs font-semibold text-primary">
                {getInitials(user.username)}
              </AvatarFallback>
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="truncate">{user.username}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            {USER_MENU_ITEMS.map((item) => (
              <MenuLink key={item.to} item={item} />
            ))}
            {user.isAdmin && <MenuLink item={ADMIN_NAV_ITEM} />}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void handleLogout()}>
            <LogOutIcon aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        confirmation={
          unsaved
            ? {
                title: "Unsaved changes",
                description: UNSAVED_CHANGES_MESSAGE,
                cancel: "Stay",
                action: "Leave",
                onConfirm: () => void logout(),
              }
            : null
        }
        onClose={() => setUnsaved(false)}
      />
    </>
  );
}
