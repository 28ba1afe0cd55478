import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useMatches,
  useParams,
} from 'react-router';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button } from '../components/ui/button';
import { ScreenLoading } from '../components/ui/screen-loading';
import { paths } from '../config/paths';
import { useAuth, userKeys } from '../features/auth/api/current-user';
import { AppShell } from './layout/app-shell';
import { lazyPage } from './lazy-page';
import { usePageViewTracking } from './page-view-tracking';
import { useServerPageMetaRelease } from './server-page-meta';

const page = lazyPage;

const LandingPage = page(() => import('../features/misc/landing-page'));
const AuthPage = page(() => import('../features/auth/components/auth-page'));
export const HomePage = page(() => import('../features/tweets/components/home-page'));
const TweetPage = page(() => import('../features/tweets/components/tweet-page'));
const ProfilePage = page(() => import('../features/profile/components/profile-page'));
const ConnectionsPage = page(() => import('../features/profile/components/connections-page'));
const UserTweets = lazy(() =>
  import('../features/tweets/components/user-tweets').then((module) => ({
    default: module.UserTweets,
  })),
);

/** The profile shows the user's posts (from the tweets feature: features do not import each other). */
const renderPosts = (userId: string) => (
  <Suspense fallback={null}>
    <UserTweets userId={userId} />
  </Suspense>
);
const ExplorePage = page(() => import('../features/search/components/explore-page'));
const NotificationsPage = page(() => import('../features/misc/notifications-page'));
const MessagesPage = page(() => import('../features/misc/messages-page'));
const BookmarksPage = page(() => import('../features/misc/bookmarks-page'));
const CommunitiesPage = page(() => import('../features/communities/components/communities-page'));
const CommunityPage = page(() => import('../features/communities/components/community-page'));
const CommunityManagePage = page(
  () => import('../features/communities/components/community-manage-page'),
);
const CommunityPostPage = page(
  () => import('../features/communities/components/community-post-page'),
);
const AnalyticsPage = page(() => import('../features/analytics/components/analytics-page'));
const SeoDashboardPage = page(() => import('../features/seo/components/seo-dashboard-page'));
const StaticPage = page(() => import('../features/static-pages/components/static-page'));
const NotFoundPage = page(() => import('../features/misc/not-found-page'));

/**
 * Shown where a page depends on who the reader is but that could not be checked (offline, or
 * the server down): better than showing a member the visitor's landing page. It tries again
 * when asked and when the browser comes back online (TanStack Query refetches on reconnect).
 */
export function Unreachable() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: userKeys.current }) > 0;
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">Can't reach Wave</h1>
      <p className="max-w-sm text-muted-foreground">
        Check your connection. Wave will pick up where you left off when it is back.
      </p>
      <Button
        onClick={() => void queryClient.refetchQueries({ queryKey: userKeys.current })}
        disabled={fetching}
      >
        {fetching ? 'Trying...' : 'Try again'}
      </Button>
    </div>
  );
}

function Root() {
  usePageViewTracking();
  useServerPageMetaRelease();
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** What a route under the shell asks of the reader (its `handle`). */
interface ShellRouteHandle {
  /** Members only: a visitor gets the landing page there instead (or goes to `visitorsTo`). */
  membersOnly?: boolean;
  /** Where a members-only page sends a visitor, when its screen says so (/analytics: /auth). */
  visitorsTo?: string;
  /**
   * Open to visitors but showing them something else (the SEO dashboard's 'Access Denied'):
   * when who the reader is cannot be checked, the page says so rather than guess.
   */
  readerDependent?: boolean;
}

/**
 * The app's shell (sidebars, mobile bar, post modal) as one layout route, so
 * that it stays mounted from page to page: what is typed in the sidebar's
 * search, an open menu or the post modal survive a navigation, and only the
 * main column waits for a page's code. Members get the shell on every route
 * under it; visitors get the landing page where a member page would be and
 * the shell on the pages shared with them (profiles and posts).
 */
function ShellLayout() {
  const { status } = useAuth();
  const handles = useMatches().map((match) => match.handle as ShellRouteHandle | undefined);
  const membersOnly = handles.some((handle) => handle?.membersOnly === true);
  const readerDependent = handles.some((handle) => handle?.readerDependent === true);
  const visitorsTo = handles.find((handle) => handle?.visitorsTo)?.visitorsTo;
  // While the authentication state loads (spec part 2: the route table).
  if (status === 'loading') return <ScreenLoading />;
  if ((membersOnly || readerDependent) && status === 'unreachable') return <Unreachable />;
  if (membersOnly && status !== 'authenticated') {
    return visitorsTo ? <Navigate to={visitorsTo} replace /> : <LandingPage />;
  }
  return (
    <AppShell>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

/** The main column while a page's code loads (the shell around it stays). */
const PageLoading = () => (
  <div role="status" className="p-6 text-center text-muted-foreground">
    Loading...
  </div>
);

const membersOnly: ShellRouteHandle = { membersOnly: true };
/** Personal analytics: a visitor is redirected to /auth (spec part 2, the analytics screen). */
const membersOnlyElseSignIn: ShellRouteHandle = {
  membersOnly: true,
  visitorsTo: paths.auth.getHref(),
};
const readerDependentPage: ShellRouteHandle = { readerDependent: true };

/** /communities/:communityId, the link form built elsewhere, is the community's page. */
function CommunityAlias() {
  const { communityId = '' } = useParams();
  return <Navigate to={paths.community.getHref(communityId)} replace />;
}

function StaticRoute() {
  const { pathname } = useLocation();
  return <StaticPage key={pathname} />;
}

/** Every route (exported for the tests, which run them in a memory router). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <ShellLayout />,
        children: [
          { path: '/', element: <HomePage />, handle: membersOnly },
          { path: '/profile/:userIdentifier', element: <ProfilePage renderPosts={renderPosts} /> },
          {
            path: paths.connections.followersPath,
            element: <ConnectionsPage connection="followers" />,
          },
          {
            path: paths.connections.followingPath,
            element: <ConnectionsPage connection="following" />,
          },
          {
            path: '/profile',
            element: <ProfilePage renderPosts={renderPosts} />,
            handle: membersOnly,
          },
          { path: '/tweet/:id', element: <TweetPage /> },
          { path: '/explore', element: <ExplorePage />, handle: membersOnly },
          { path: '/notifications', element: <NotificationsPage />, handle: membersOnly },
          { path: '/messages', element: <MessagesPage />, handle: membersOnly },
          { path: '/bookmarks', element: <BookmarksPage />, handle: membersOnly },
          { path: '/communities', element: <CommunitiesPage />, handle: membersOnly },
          { path: '/community/:communityId', element: <CommunityPage />, handle: membersOnly },
          {
            // Owners and moderators manage members, requests and settings.
            path: '/community/:communityId/manage',
            element: <CommunityManagePage />,
            handle: membersOnly,
          },
          {
            // A shared post: its own page, with its comments.
            path: '/community/:communityId/post/:postId',
            element: <CommunityPostPage />,
            handle: membersOnly,
          },
          {
            path: paths.analytics.path,
            element: <AnalyticsPage />,
            handle: membersOnlyElseSignIn,
          },
          {
            // Visitors see its 'Access Denied' text (spec part 2).
            path: paths.seoDashboard.path,
            element: <SeoDashboardPage />,
            handle: readerDependentPage,
          },
        ],
      },
      { path: '/auth', element: <AuthPage /> },
      { path: '/communities/:communityId', element: <CommunityAlias /> },
      ...[
        '/rules-conduct',
        '/privacy-policy',
        '/terms-service',
        '/about',
        '/features',
        '/help',
      ].map((path) => ({
        path,
        element: <StaticRoute />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made on first use: making it reads the location and the history, matches the
 * routes and restores saved state (about 17 ms on this machine, four times that on a slow phone),
 * so main.tsx makes it in a task of its own rather than in the entry's evaluation.
 */
export const prepareRouter = () => (router ??= createBrowserRouter(routes));

export const AppRouter = () => <RouterProvider router={prepareRouter()} />;
