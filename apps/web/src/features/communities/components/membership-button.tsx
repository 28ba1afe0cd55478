import type { CommunitySummary } from '@wave/contracts';
import { Clock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isMemberOf } from '../api/community-cache';
import { useJoinCommunity } from '../api/join-community';
import { useLeaveCommunity } from '../api/leave-community';
import { MESSAGES } from '../messages';

/**
 * Join ('Request to join' for a private community), Leave, or Requested (the pending request, which a
 * click withdraws: its name says so, 'Requested, cancel join request'). A click shows its
 * outcome at once and goes back if the server refuses. While a request is on
 * its way the button is unavailable (aria-disabled, so it keeps keyboard focus).
 */
export function MembershipButton({
  community,
  size = 'sm',
  nameInLabel = false,
  className,
}: {
  community: CommunitySummary;
  size?: 'sm' | 'md';
  /** Adds the community's name to the button's name (cards in a list). */
  nameInLabel?: boolean;
  className?: string;
}) {
  const join = useJoinCommunity();
  const leave = useLeaveCommunity();
  const pending = join.isPending || leave.isPending;
  const member = isMemberOf(community);
  const requested = !member && community.hasPendingRequest;
  // A private community does not let one in: the button says it sends a request.
  const label = member
    ? 'Leave'
    : requested
      ? 'Requested'
      : community.isPrivate
        ? MESSAGES.requestToJoin
        : 'Join';
  const cancelLabel = nameInLabel
    ? `${MESSAGES.cancelRequest} for ${community.name}`
    : MESSAGES.cancelRequest;
  return (
    <Button
      size={size}
      variant={member || requested ? 'outline' : 'primary'}
      aria-disabled={pending || undefined}
      aria-label={requested ? cancelLabel : undefined}
      data-state={member ? 'member' : requested ? 'requested' : 'visitor'}
      className={cn('shrink-0', pending && 'cursor-not-allowed opacity-60', className)}
      onClick={() => {
        if (pending) return;
        if (member || requested) leave.mutate(community);
        else join.mutate(community);
      }}
    >
      {requested ? <Clock className="h-4 w-4" aria-hidden="true" /> : null}
      {label}
      {nameInLabel && !requested ? <span className="sr-only"> {community.name}</span> : null}
    </Button>
  );
}
