import type { CommunityJoinRequestResponse } from '@wave/contracts';
import { useRef } from 'react';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useDeclineJoinRequest } from '../api/decline-join-request';
import { useJoinRequests } from '../api/get-join-requests';
import { nameOf } from '../community-format';
import { MESSAGES } from '../messages';
import { PersonList } from './person-list';
import { neighbourAction, PersonAction, PersonRow } from './person-row';

type RequestAction = 'approve' | 'decline';

/**
 * A private community's pending requests to join, each with Approve and
 * Decline: an answered request leaves the list at once and comes back if the
 * server refuses.
 */
export function ManageRequests({ communityId }: { communityId: string }) {
  const query = useJoinRequests(communityId);
  const approve = useApproveJoinRequest(communityId);
  const decline = useDeclineJoinRequest(communityId);
  const list = useRef<HTMLUListElement>(null);

  const answer = (request: CommunityJoinRequestResponse, action: RequestAction) => {
    // The row leaves at once: focus goes to the same button in the next row, else to the list.
    (neighbourAction(list.current, request.user.id, action) ?? list.current)?.focus();
    if (action === 'approve') approve.mutate(request);
    else decline.mutate(request);
  };

  return (
    <PersonList
      query={query}
      listRef={list}
      label="Join requests"
      loadingLabel="Loading requests"
      loadFailed={MESSAGES.requestsLoadFailed}
      empty={MESSAGES.noRequests}
      emptyHint={MESSAGES.noRequestsHint}
      loadMoreFailed="Failed to load more requests."
      renderRow={(request) => {
        const name = nameOf(request.user);
        return (
          <PersonRow
            key={request.user.id}
            user={request.user}
            detail={
              <>
                Requested{' '}
                <time dateTime={request.requestedAt} title={formatFullTime(request.requestedAt)}>
                  {formatRelativeTime(request.requestedAt)}
                </time>
              </>
            }
          >
            <PersonAction action="approve" name={name} onClick={() => answer(request, 'approve')}>
              Approve
            </PersonAction>
            <PersonAction
              action="decline"
              name={name}
              variant="outline"
              onClick={() => answer(request, 'decline')}
            >
              Decline
            </PersonAction>
          </PersonRow>
        );
      }}
    />
  );
}
