import type { LucideIcon } from 'lucide-react';
import { BarChart3, Bell, Bookmark, Home, Mail, Search, User, Users } from 'lucide-react';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The left sidebar's navigation, in the spec's order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', href: paths.home.getHref(), icon: Home },
  { label: 'Explore', href: paths.explore.getHref(), icon: Search },
  { label: 'Communities', href: paths.communities.getHref(), icon: Users },
  { label: 'Notifications', href: paths.notifications.getHref(), icon: Bell },
  { label: 'Messages', href: paths.messages.getHref(), icon: Mail },
  { label: 'Bookmarks', href: paths.bookmarks.getHref(), icon: Bookmark },
  { label: 'Analytics', href: paths.analytics.getHref(), icon: BarChart3 },
  { label: 'Profile', href: paths.ownProfile.getHref(), icon: User },
];

/** The mobile sheet's links (no Analytics). */
export const SHEET_ITEMS: readonly NavItem[] = NAV_ITEMS.filter(
  (item) => item.label !== 'Analytics',
);

/** The mobile bottom bar. */
export const BOTTOM_BAR_ITEMS: readonly NavItem[] = NAV_ITEMS.filter((item) =>
  ['Home', 'Explore', 'Notifications', 'Profile'].includes(item.label),
);

export const LEGAL_LINKS = [
  { label: 'Rules of Conduct', href: paths.rulesConduct.getHref() },
  { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
  { label: 'Terms of Service', href: paths.termsService.getHref() },
] as const;
