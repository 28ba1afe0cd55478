import { useQueryClient } from '@tanstack/react-query';
import type { Recommendation } from '@wave/contracts';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { userKeys } from '../../auth/api/current-user';
import { useIsFollowing, useToggleFollow } from '../../profile/api/follow-user';
import { tweetKeys } from '../../tweets/api/tweet-keys';
import { markRecommendationsStale } from '../api/get-recommendations';
import { MESSAGES } from '../messages';

/**
 * A suggested person: avatar, name, @username, why, and a Follow button that turns to Following
 * at once (as a like does) and back, with a toast, if the call fails. The state is the one every
 * Follow button of this person shares (the welcome, Who to follow, their profile), so following
 * them in one list shows them followed in every other. Once followed, the reader's own record
 * and home feed are read again (their following count, the new author's posts).
 */
export function SuggestedPerson({
  person,
  showReason = false,
}: {
  person: Recommendation;
  showReason?: boolean;
}) {
  const queryClient = useQueryClient();
  const toggle = useToggleFollow(person.contentId);
  const following = useIsFollowing(person.contentId);
  const displayName = person.user?.displayName || person.content;
  const follow = (next: boolean) => {
    toggle.mutate(
      { follow: next },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: userKeys.current });
          void queryClient.invalidateQueries({ queryKey: tweetKeys.feed() });
          markRecommendationsStale(queryClient);
        },
      },
    );
  };
  return (
    <li className="flex items-center gap-3">
      <Avatar
        src={person.user?.profileImageUrl ?? null}
        displayName={displayName}
        username={person.content}
        size={40}
      />
      <Link to={paths.profile.getHref(person.content)} className="min-w-0 flex-1 hover:underline">
        <span className="flex items-center gap-1 font-semibold">
          <span className="truncate">{displayName}</span>
          {person.user?.verified ? (
            <BadgeCheck className="h-4 w-4 shrink-0 text-primary" aria-label="Verified account" />
          ) : null}
        </span>
        <span className="block truncate text-sm text-muted-foreground">@{person.content}</span>
        {showReason ? (
          <span className="block truncate text-xs text-muted-foreground">{person.reason}</span>
        ) : null}
      </Link>
      <Button
        size="sm"
        variant={following ? 'outline' : 'primary'}
        aria-pressed={following}
        aria-label={
          following ? MESSAGES.followingName(displayName) : MESSAGES.followName(displayName)
        }
        onClick={() => follow(!following)}
      >
        {following ? MESSAGES.following : MESSAGES.follow}
      </Button>
    </li>
  );
}

/** Three placeholder rows while suggestions load. */
export function PeopleSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul className="grid gap-3" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <span className="h-10 w-10 animate-pulse rounded-full bg-background" />
          <span className="grid flex-1 gap-1">
            <span className="h-3 w-2/3 animate-pulse rounded bg-background" />
            <span className="h-3 w-1/3 animate-pulse rounded bg-background" />
          </span>
        </li>
      ))}
    </ul>
  );
}
