import type { CommunityJoinRequestResponse } from '@wave/contracts';
import { useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { pagedItems } from '../../../lib/paged-data';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useDeclineJoinRequest } from '../api/decline-join-request';
import { useJoinRequests } from '../api/get-join-requests';
import { nameOf } from '../community-format';
import { MESSAGES } from '../messages';
import { PersonRowSkeletons } from './community-skeletons';
import { ListMessage } from './list-message';
import { LoadMoreFooter } from './load-more-footer';
import { neighbourAction, PersonRow } from './person-row';

function uniqueRequests(requests: CommunityJoinRequestResponse[]): CommunityJoinRequestResponse[] {
  const seen = new Set<string>();
  return requests.filter((request) => {
    if (seen.has(request.user.id)) return false;
    seen.add(request.user.id);
    return true;
  });
}

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
  const requests = useMemo(() => uniqueRequests(pagedItems(query.data)), [query.data]);

  const answer = (request: CommunityJoinRequestResponse, action: RequestAction) => {
    // The row leaves at once: focus goes to the same button in the next row, else to the list.
    (neighbourAction(list.current, request.user.id, action) ?? list.current)?.focus();
    if (action === 'approve') approve.mutate(request);
    else decline.mutate(request);
  };

  if (query.isPending) return <PersonRowSkeletons label="Loading requests" />;
  if (query.isError && !query.data) {
    return (
      <ListMessage
        alert
        title={MESSAGES.requestsLoadFailed}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (requests.length === 0) {
    return <ListMessage title={MESSAGES.noRequests} hint={MESSAGES.noRequestsHint} />;
  }

  return (
    <>
      <ul ref={list} aria-label="Join requests" aria-busy={query.isFetchingNextPage} tabIndex={-1}>
        {requests.map((request) => {
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
              <Button size="sm" data-action="approve" onClick={() => answer(request, 'approve')}>
                Approve<span className="sr-only"> {name}</span>
              </Button>
              <Button
                size="sm"
                variant="outline"
                data-action="decline"
                onClick={() => answer(request, 'decline')}
              >
                Decline<span className="sr-only"> {name}</span>
              </Button>
            </PersonRow>
          );
        })}
      </ul>
      <LoadMoreFooter
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
        pageCount={query.data?.pages.length ?? 0}
        failedText="Failed to load more requests."
      />
    </>
  );
}
