import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { UserResponse } from '@wave/contracts';
import { Feather, Menu as MenuIcon, Share2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { RevealTogether } from '../../components/reveal-together';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { toast } from '../../components/ui/use-toast';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useAuth } from '../../features/auth/api/current-user';
import { useLogout } from '../../features/auth/api/sessions';
import { SidebarSearch } from '../../features/search/components/sidebar-search';
import { WhatsHappening } from '../../features/search/components/whats-happening';
import { RecommendationsWidget } from '../../features/recommendations/components/recommendations-widget';
import { WhoToFollow } from '../../features/recommendations/components/who-to-follow';
import { ComposerModal } from '../../features/tweets/components/composer-modal';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { BOTTOM_BAR_ITEMS, LEGAL_LINKS, NAV_ITEMS, SHEET_ITEMS } from './nav-items';
import { UserMenu } from './user-menu';
import { MEDIA, useMediaQuery } from '../../hooks/use-media-query';
import { useReturnFocus } from '../../hooks/use-return-focus';
import { useDrawnLater } from '../../hooks/use-drawn-later';

const year = new Date().getFullYear();

async function copyPageLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    toast({
      title: 'Link copied!',
      description: 'The page link has been copied to your clipboard.',
    });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Copy failed',
      description: 'Failed to copy link to clipboard.',
    });
  }
}

function LeftSidebar({ user, onPost }: { user: UserResponse | null; onPost: () => void }) {
  const { pathname } = useLocation();
  return (
    <aside className="sticky top-0 hidden h-screen w-20 shrink-0 flex-col justify-between border-r border-border p-3 md:flex xl:w-64">
      <div className="grid gap-1">
        <Link
          to={paths.home.getHref()}
          className="mb-2 px-3 py-2 text-2xl font-black tracking-tight"
          aria-label="Wave home"
        >
          <span className="xl:hidden">W</span>
          <span className="hidden xl:inline">Wave</span>
        </Link>
        <nav aria-label="Main">
          <ul className="grid gap-1">
            {NAV_ITEMS.map(({ label, href, icon: Icon }) => {
              const active = label === 'Home' && pathname === '/';
              return (
                <li key={label}>
                  {/* Icons only below xl: the label shows as a tooltip there. */}
                  <Tooltip content={label} side="right" contentClassName="xl:hidden">
                    <Link
                      to={href}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-4 rounded-full px-3 py-2 text-lg hover:bg-muted',
                        active && 'font-bold text-primary',
                      )}
                    >
                      <Icon className="h-6 w-6" aria-hidden="true" />
                      <span className="hidden xl:inline">{label}</span>
                      <span className="sr-only xl:hidden">{label}</span>
                    </Link>
                  </Tooltip>
                </li>
              );
            })}
          </ul>
        </nav>
        <Tooltip content="Post" side="right" contentClassName="xl:hidden">
          <Button size="lg" className="mt-3" onClick={onPost} aria-label="Post">
            <Feather className="h-5 w-5 xl:hidden" aria-hidden="true" />
            <span className="hidden xl:inline">Post</span>
          </Button>
        </Tooltip>
      </div>
      <div className="grid gap-3">
        {user ? <UserMenu user={user} /> : null}
        <nav
          aria-label="Legal"
          className="hidden flex-wrap gap-x-3 px-3 text-xs text-muted-foreground xl:flex"
        >
          {LEGAL_LINKS.map((link) => (
            // At least 24 px tall: a target a finger or a shaky hand can hit (WCAG 2.5.8).
            <Link key={link.href} to={link.href} className="inline-block py-1 hover:underline">
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-1 px-1">
          <Tooltip content="Share this page">
            <Button
              variant="ghost"
              size="icon"
              onClick={() => void copyPageLink()}
              aria-label="Share this page"
            >
              <Share2 className="h-5 w-5" aria-hidden="true" />
            </Button>
          </Tooltip>
          <ThemeToggle />
        </div>
        <p className="hidden px-3 text-xs text-muted-foreground xl:block">© {year} Wave</p>
      </div>
    </aside>
  );
}

/**
 * Search and trends for everyone; recommendations and 'Who to follow' for members, shown together
 * once loaded (components/reveal-together.tsx).
 */
function RightSidebar({ member }: { member: boolean }) {
  return (
    <RevealTogether
      className="sticky top-0 hidden h-screen w-80 shrink-0 flex-col gap-4 overflow-y-auto p-4 lg:flex"
      aria-label="Sidebar"
    >
      <SidebarSearch />
      {member ? <RecommendationsWidget /> : null}
      <WhatsHappening />
      {member ? <WhoToFollow /> : null}
    </RevealTogether>
  );
}

function MobileSheet({
  user,
  open,
  onOpenChange,
}: {
  user: UserResponse | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const logout = useLogout(() => onOpenChange(false));
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-72 flex-col gap-4 overflow-y-auto bg-card p-5"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-xl font-black">Wave</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="rounded-full p-1 hover:bg-muted"
            >
              <X className="h-5 w-5" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">Navigation</DialogPrimitive.Description>
          {user ? (
            <div className="flex items-center gap-3">
              <Avatar
                src={user.profileImageUrl}
                displayName={user.displayName}
                username={user.username}
              />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.displayName || user.username}</p>
                <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
              </div>
            </div>
          ) : null}
          <nav aria-label="Menu">
            <ul className="grid gap-1">
              {SHEET_ITEMS.map(({ label, href, icon: Icon }) => (
                <li key={label}>
                  <NavLink
                    to={href}
                    onClick={() => onOpenChange(false)}
                    className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-muted"
                  >
                    <Icon className="h-5 w-5" aria-hidden="true" /> {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Legal" className="grid gap-1 text-sm text-muted-foreground">
            {LEGAL_LINKS.map((link) => (
              <Link
                key={link.href}
                to={link.href}
                onClick={() => onOpenChange(false)}
                className="hover:underline"
              >
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <ThemeToggle />
          </div>
          {user ? (
            <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
              {logout.isPending ? 'Logging out...' : 'Log out'}
            </Button>
          ) : null}
          <p className="mt-auto text-xs text-muted-foreground">© {year} Wave</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function MobileBar({ onPost, onMenu }: { onPost: () => void; onMenu: () => void }) {
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-around border-t border-border bg-background py-2 md:hidden"
    >
      {BOTTOM_BAR_ITEMS.map(({ label, href, icon: Icon }) => (
        <Link key={label} to={href} className="rounded-full p-2 hover:bg-muted" aria-label={label}>
          <Icon className="h-6 w-6" aria-hidden="true" />
        </Link>
      ))}
      <Button size="icon" onClick={onPost} aria-label="Post">
        <Feather className="h-5 w-5" />
      </Button>
      <Button variant="ghost" size="icon" onClick={onMenu} aria-label="Open menu">
        <MenuIcon className="h-6 w-6" />
      </Button>
    </nav>
  );
}

/** Left sidebar, main column, right sidebar, mobile bar and sheet, and the post modal. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [composing, setComposing] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Only what the width shows is drawn: on a phone the sidebars (and the right column's trends,
  // recommendations and suggestions, with their requests) would be work for nothing. CSS still
  // hides them too, for the first paint and where matchMedia is missing.
  const wide = useMediaQuery(MEDIA.md);
  const wider = useMediaQuery(MEDIA.lg);
  // The right column comes after the page's own content: its place is kept (no layout shift)
  // and it is drawn once the content is, in slices, and asks for its data after the page's.
  const asideDrawn = useDrawnLater();
  return (
    <div className="mx-auto flex min-h-screen max-w-7xl">
      {wide ? <LeftSidebar user={user} onPost={() => setComposing(true)} /> : null}
      <main className="min-h-screen min-w-0 flex-1 border-r border-border pb-20 md:pb-0">
        {children}
      </main>
      {wider ? (
        asideDrawn ? (
          <RightSidebar member={user !== null} />
        ) : (
          <div className="hidden w-80 shrink-0 lg:block" aria-hidden="true" />
        )
      ) : null}
      <MobileBar onPost={() => setComposing(true)} onMenu={() => setSheetOpen(true)} />
      <MobileSheet user={user} open={sheetOpen} onOpenChange={setSheetOpen} />
      <ComposerModal open={composing} onOpenChange={setComposing} />
    </div>
  );
}
