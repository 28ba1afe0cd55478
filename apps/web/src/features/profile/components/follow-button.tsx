import type { UserResponse } from '@wave/contracts';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useIsFollowing, useToggleFollow } from '../api/follow-user';

/**
 * Follow or Unfollow, for a member on someone else's profile. The button and
 * the counts change at once and go back (with a toast) if the call fails; the
 * button shows the state every Follow button of theirs shares (the suggestions).
 */
export function FollowButton({
  user,
  size,
  nameInLabel = false,
}: {
  user: UserResponse;
  size?: 'sm' | 'md';
  /** Names the person in the button's name (rows of a list, where every button says Follow). */
  nameInLabel?: boolean;
}) {
  const toggle = useToggleFollow(user.id);
  const following = useIsFollowing(user.id, user.isFollowing);
  return (
    <Button
      size={size}
      aria-label={
        nameInLabel
          ? `${following ? 'Unfollow' : 'Follow'} ${user.displayName || user.username}`
          : undefined
      }
      variant={following ? 'outline' : 'primary'}
      onClick={() => toggle.mutate({ follow: !following })}
    >
      {following ? (
        <>
          <UserCheck className="h-4 w-4" aria-hidden="true" /> Unfollow
        </>
      ) : (
        <>
          <UserPlus className="h-4 w-4" aria-hidden="true" /> Follow
        </>
      )}
    </Button>
  );
}
