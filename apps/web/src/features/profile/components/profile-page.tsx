import type { UserResponse } from '@wave/contracts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { StructuredData } from '../../../components/structured-data';
import { VisitorBanner } from '../../../components/visitor-banner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { profilePageTitle } from '../../../lib/page-meta';
import { buildProfilePageSchema } from '../../../lib/structured-data';
import { useAuth } from '../../auth/api/current-user';
import { isNotFound, useUser } from '../api/get-user';
import type { ProfileViewer } from './profile-header';
import { ProfileHeader } from './profile-header';
import { ProfileSkeleton } from './profile-skeleton';
import { VisitorProfileSection } from './visitor-preview';

function ProfileNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <title>Profile not found · Wave</title>
      <h1 className="text-2xl font-extrabold">Profile not found</h1>
      <p className="text-muted-foreground">This user doesn&apos;t exist or has been removed.</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ variant: 'outline' })}>
        Go home
      </Link>
    </div>
  );
}

function ProfileError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <h1 className="text-2xl font-extrabold">Something went wrong</h1>
      <p className="text-muted-foreground">This profile could not be loaded.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function PostsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="profile-posts-heading">
      <h2 id="profile-posts-heading" className="border-y border-border px-4 py-3 text-lg font-bold">
        Posts
      </h2>
      {children}
    </section>
  );
}

/**
 * A profile (/profile/:userIdentifier, an id or a username; /profile for the
 * signed-in user): cover, photo, names, bio, join date, follow counts, and
 * the posts from `renderPosts`. The owner can change the images and edit the
 * profile; other members follow; visitors get a teaser.
 */
export default function ProfilePage({
  renderPosts,
}: {
  renderPosts: (userId: string) => ReactNode;
}) {
  const { userIdentifier } = useParams();
  const { user: currentUser, status } = useAuth();
  const identifier = userIdentifier ?? currentUser?.id;
  const ownIdentifier =
    currentUser !== null &&
    identifier !== undefined &&
    (identifier === currentUser.id ||
      identifier.toLowerCase() === currentUser.username.toLowerCase());
  const query = useUser(identifier, ownIdentifier ? currentUser : undefined);

  if (status === 'loading') return <ProfileSkeleton />;
  if (!identifier) return <ProfileNotFound />;
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    return isNotFound(query.error) ? (
      <ProfileNotFound />
    ) : (
      <ProfileError onRetry={() => void query.refetch()} />
    );
  }

  const user: UserResponse = query.data;
  const viewer: ProfileViewer =
    currentUser === null ? 'visitor' : currentUser.id === user.id ? 'owner' : 'member';
  const posts = <PostsSection>{renderPosts(user.id)}</PostsSection>;

  return (
    <div>
      <title>{profilePageTitle(user)}</title>
      <StructuredData data={buildProfilePageSchema(user, window.location.origin)} />
      <header className="sticky top-0 z-10 border-b border-border bg-background/80 px-4 py-2 backdrop-blur">
        <p className="truncate font-bold">{user.displayName}</p>
        <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
      </header>
      {viewer === 'visitor' && status === 'unauthenticated' ? <VisitorBanner /> : null}
      <ProfileHeader user={user} viewer={viewer} />
      {viewer === 'visitor' ? <VisitorProfileSection user={user} posts={posts} /> : posts}
    </div>
  );
}
