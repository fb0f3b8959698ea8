import {
  BookOpenIcon,
  ChartSplineIcon,
  CreditCardIcon,
  InfoIcon,
  ListChecksIcon,
  SettingsIcon,
  ShieldIcon,
  UserRoundIcon,
  type LucideIcon,
} from "lucide-react";

/** A place the shell links to; `end` makes "/" active only on "/" itself, not on every path. */
export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
}

const journal: NavItem = { label: "Journal", to: "/", icon: BookOpenIcon, end: true };
const patterns: NavItem = { label: "Patterns", to: "/patterns", icon: ChartSplineIcon };
const tasks: NavItem = { label: "Tasks", to: "/tasks", icon: ListChecksIcon };
const profile: NavItem = { label: "Profile", to: "/profile", icon: UserRoundIcon };
const subscription: NavItem = { label: "Subscription", to: "/subscription", icon: CreditCardIcon };
const settings: NavItem = { label: "Settings", to: "/settings", icon: SettingsIcon };
const about: NavItem = { label: "About", to: "/about", icon: InfoIcon };

/** Desktop header links, in the spec's order. */
export const HEADER_NAV_ITEMS: readonly NavItem[] = [journal, patterns, tasks];

/** The avatar menu's links, before Admin Panel (admins only) and Logout. */
export const USER_MENU_ITEMS: readonly NavItem[] = [profile, subscription, settings, about];

export const ADMIN_NAV_ITEM: NavItem = { label: "Admin Panel", to: "/admin", icon: ShieldIcon };

/** The mobile bottom bar's five tabs, in the spec's order. */
export const BOTTOM_BAR_ITEMS: readonly NavItem[] = [journal, tasks, patterns, profile, settings];
