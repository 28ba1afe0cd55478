import type { UserResponse } from '@wave/contracts';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToggleFollow } from '../api/follow-user';

/**
 * Follow or Unfollow, for a member on someone else's profile. The button and
 * the counts change at once and go back (with a toast) if the call fails.
 */
export function FollowButton({ user }: { user: UserResponse }) {
  const toggle = useToggleFollow(user.id);
  const following = Boolean(user.isFollowing);
  return (
    <Button
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
