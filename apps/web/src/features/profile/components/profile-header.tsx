import type { UserResponse } from '@wave/contracts';
import { format, isValid, parseISO } from 'date-fns';
import { BadgeCheck, CalendarDays, Mail, Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format-count';
import { displayImageSrc } from '../../../lib/object-path';
import { EditProfileDialog } from './edit-profile-dialog';
import { FollowButton } from './follow-button';
import { ProfileImageButton } from './profile-image-button';

/** Who is looking: the owner, another member, or a signed-out visitor. */
export type ProfileViewer = 'owner' | 'member' | 'visitor';

const AVATAR_SIZE = 112;
const COVER_WIDTH = 1080;
const COVER_HEIGHT = 360;

/** 'Joined March 2026' (nothing for an unreadable date). */
export function joinedLabel(createdAt: string): string | null {
  const date = parseISO(createdAt);
  return isValid(date) ? `Joined ${format(date, 'MMMM yyyy')}` : null;
}

function Cover({ user }: { user: UserResponse }) {
  return (
    <div className="aspect-[3/1] w-full overflow-hidden bg-gradient-to-br from-primary/40 to-muted">
      {user.coverImageUrl ? (
        <img
          src={displayImageSrc(user.coverImageUrl)}
          alt={`Cover image of ${user.displayName}`}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : null}
    </div>
  );
}

function ProfilePhoto({ user }: { user: UserResponse }) {
  const alt = `Profile photo of ${user.displayName}`;
  if (user.profileImageUrl) {
    return (
      <img
        src={displayImageSrc(user.profileImageUrl)}
        alt={alt}
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        loading="lazy"
        decoding="async"
        className="h-28 w-28 rounded-full border-4 border-background bg-muted object-cover"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt}
      className="inline-flex rounded-full border-4 border-background"
    >
      <Avatar
        displayName={user.displayName}
        username={user.username}
        size={AVATAR_SIZE - 8}
        className="text-4xl"
      />
    </span>
  );
}

function Actions({ user, viewer }: { user: UserResponse; viewer: ProfileViewer }) {
  const [editing, setEditing] = useState(false);
  switch (viewer) {
    case 'owner':
      return (
        <>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit profile
          </Button>
          <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
        </>
      );
    case 'member':
      return (
        <>
          <Link
            to={paths.messages.getHref()}
            className={buttonVariants({ variant: 'outline', size: 'icon' })}
            aria-label={`Message ${user.displayName}`}
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
          </Link>
          <FollowButton user={user} />
        </>
      );
    case 'visitor':
      return (
        <>
          <Link to={paths.auth.getHref()} className={buttonVariants({ variant: 'outline' })}>
            <Mail className="h-4 w-4" aria-hidden="true" /> Message
          </Link>
          <Link to={paths.auth.getHref()} className={buttonVariants()}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Follow
          </Link>
        </>
      );
  }
}

/** Cover, photo, names, bio, join date and follow counts, with the viewer's actions. */
export function ProfileHeader({ user, viewer }: { user: UserResponse; viewer: ProfileViewer }) {
  const joined = joinedLabel(user.createdAt);
  return (
    <section aria-label="Profile">
      <div className="relative">
        <Cover user={user} />
        {viewer === 'owner' ? (
          <ProfileImageButton imageType="cover" className="absolute bottom-3 right-3" />
        ) : null}
      </div>
      <div className="px-4 pb-4">
        <div className="flex items-start justify-between gap-3">
          {/* Above the cover (positioned, so painted over anything not positioned), as on X. */}
          <div className="relative z-10 -mt-14 grid justify-items-center gap-2">
            <ProfilePhoto user={user} />
            {viewer === 'owner' ? <ProfileImageButton imageType="profile" /> : null}
          </div>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Actions user={user} viewer={viewer} />
          </div>
        </div>
        <div className="mt-3">
          <h1 className="flex items-center gap-1 text-xl font-extrabold break-words">
            {user.displayName}
            {user.verified ? (
              <BadgeCheck className="h-5 w-5 text-primary" aria-label="Verified" role="img" />
            ) : null}
          </h1>
          <p className="text-muted-foreground">@{user.username}</p>
        </div>
        {user.bio ? <p className="mt-3 whitespace-pre-wrap break-words">{user.bio}</p> : null}
        {joined ? (
          <p className="mt-3 flex items-center gap-1 text-sm text-muted-foreground">
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            <time dateTime={user.createdAt}>{joined}</time>
          </p>
        ) : null}
        <ul className="mt-3 flex gap-5 text-sm" aria-label="Follow counts">
          <li data-testid="following-count">
            <Link
              to={paths.connections.getHref(user.username, 'following')}
              className="hover:underline"
            >
              <span className="font-bold">{formatCount(user.followingCount)}</span>{' '}
              <span className="text-muted-foreground">Following</span>
            </Link>
          </li>
          <li data-testid="followers-count">
            <Link
              to={paths.connections.getHref(user.username, 'followers')}
              className="hover:underline"
            >
              <span className="font-bold">{formatCount(user.followersCount)}</span>{' '}
              <span className="text-muted-foreground">
                {user.followersCount === 1 ? 'Follower' : 'Followers'}
              </span>
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
