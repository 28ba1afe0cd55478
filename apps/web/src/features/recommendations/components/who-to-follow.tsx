import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useRecommendations } from '../api/get-recommendations';
import { MESSAGES } from '../messages';
import { PeopleSkeletons, SuggestedPerson } from './suggested-person';
import { useRevealWhenLoaded } from '../../../components/reveal-together';

/** People shown at first, and after 'Show more'. */
export const WHO_TO_FOLLOW_FIRST = 3;
export const WHO_TO_FOLLOW_MORE = 10;

/**
 * The right sidebar's 'Who to follow', for members: people the recommendations service suggests
 * (never someone the member follows), each with a Follow button; 'Show more' lists more of them.
 */
export function WhoToFollow() {
  const [expanded, setExpanded] = useState(false);
  const max = expanded ? WHO_TO_FOLLOW_MORE : WHO_TO_FOLLOW_FIRST;
  const query = useRecommendations(max, 'user');
  useRevealWhenLoaded(query.isPending);
  const headingId = useId();
  const people = query.data ?? [];
  const canShowMore = !expanded && people.length >= WHO_TO_FOLLOW_FIRST;
  return (
    <section className="rounded-2xl bg-muted p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-bold">
        {MESSAGES.whoToFollow}
      </h2>
      {query.isPending ? (
        <PeopleSkeletons />
      ) : query.isError && people.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="alert">
          {MESSAGES.failed}
        </p>
      ) : people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.noSuggestions}</p>
      ) : (
        <ul className="grid gap-3" aria-labelledby={headingId} aria-busy={query.isFetching}>
          {people.map((person) => (
            <SuggestedPerson key={person.contentId} person={person} />
          ))}
        </ul>
      )}
      {canShowMore || expanded ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 px-0 text-primary"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? MESSAGES.showLess : MESSAGES.showMore}
        </Button>
      ) : null}
    </section>
  );
}
