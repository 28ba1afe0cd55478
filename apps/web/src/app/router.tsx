import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
} from 'react-router';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';
import { useAuth, userKeys } from '../features/auth/api/current-user';
import { AppShell } from './layout/app-shell';
import { usePageViewTracking } from './page-view-tracking';

const page = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(load);

const LandingPage = page(() => import('../features/misc/landing-page'));
const AuthPage = page(() => import('../features/auth/components/auth-page'));
const HomePage = page(() => import('../features/tweets/components/home-page'));
const TweetPage = page(() => import('../features/tweets/components/tweet-page'));
const ProfilePage = page(() => import('../features/profile/components/profile-page'));
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
const StaticPage = page(() => import('../features/static-pages/components/static-page'));
const NotFoundPage = page(() => import('../features/misc/not-found-page'));

/** Shown while the authentication state loads (spec part 2: the route table). */
export const Loading = () => (
  <div
    role="status"
    className="flex min-h-screen items-center justify-center text-muted-foreground"
  >
    Loading...
  </div>
);

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
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * The route sets by authentication state: members get the app in its shell,
 * visitors the landing page where a member page would be, and everyone the
 * static pages, /auth, profiles and posts.
 */
function ByAuth({
  member,
  visitor,
  shell = true,
}: {
  member: ReactNode;
  visitor: ReactNode;
  shell?: boolean;
}) {
  const { status } = useAuth();
  if (status === 'loading') return <Loading />;
  if (status === 'unreachable') return <Unreachable />;
  if (status === 'authenticated') return shell ? <AppShell>{member}</AppShell> : member;
  return visitor;
}

function Shared({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Loading />;
  return <AppShell>{children}</AppShell>;
}

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
      { path: '/', element: <ByAuth member={<HomePage />} visitor={<LandingPage />} /> },
      { path: '/auth', element: <AuthPage /> },
      {
        path: '/profile/:userIdentifier',
        element: (
          <Shared>
            <ProfilePage renderPosts={renderPosts} />
          </Shared>
        ),
      },
      {
        path: '/profile',
        element: (
          <ByAuth member={<ProfilePage renderPosts={renderPosts} />} visitor={<LandingPage />} />
        ),
      },
      {
        path: '/tweet/:id',
        element: (
          <Shared>
            <TweetPage />
          </Shared>
        ),
      },
      { path: '/explore', element: <ByAuth member={<ExplorePage />} visitor={<LandingPage />} /> },
      {
        path: '/notifications',
        element: <ByAuth member={<NotificationsPage />} visitor={<LandingPage />} />,
      },
      {
        path: '/messages',
        element: <ByAuth member={<MessagesPage />} visitor={<LandingPage />} />,
      },
      {
        path: '/bookmarks',
        element: <ByAuth member={<BookmarksPage />} visitor={<LandingPage />} />,
      },
      {
        path: '/communities',
        element: <ByAuth member={<CommunitiesPage />} visitor={<LandingPage />} />,
      },
      { path: '/communities/:communityId', element: <CommunityAlias /> },
      {
        path: '/community/:communityId',
        element: <ByAuth member={<CommunityPage />} visitor={<LandingPage />} />,
      },
      {
        // Owners and moderators manage members, requests and settings.
        path: '/community/:communityId/manage',
        element: <ByAuth member={<CommunityManagePage />} visitor={<LandingPage />} />,
      },
      {
        // A shared post: its own page, with its comments.
        path: '/community/:communityId/post/:postId',
        element: <ByAuth member={<CommunityPostPage />} visitor={<LandingPage />} />,
      },
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

const router = createBrowserRouter(routes);

export const AppRouter = () => <RouterProvider router={router} />;
