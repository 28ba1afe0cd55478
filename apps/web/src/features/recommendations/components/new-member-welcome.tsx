import { useQueries } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { useId } from 'react';
import { tweetQueryOptions } from '../../tweets/api/get-tweet';
import { TweetCard } from '../../tweets/components/tweet-card';
import { TweetSkeletons } from '../../tweets/components/tweet-skeleton';
import { useRecommendations } from '../api/get-recommendations';
import { MESSAGES } from '../messages';
import { PeopleSkeletons, SuggestedPerson } from './suggested-person';

/** People suggested to a new member, and popular posts shown below. */
export const WELCOME_PEOPLE = 5;
export const POPULAR_POSTS = 10;

/**
 * For a member who follows nobody, above their (empty) home feed: a short welcome and people to
 * follow in one click.
 */
export function NewMemberWelcome() {
  const people = useRecommendations(WELCOME_PEOPLE, 'user');
  const headingId = useId();
  return (
    <section className="border-b border-border bg-muted/40 p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold">
        {MESSAGES.welcomeHeading}
      </h2>
      <p className="mb-3 text-muted-foreground">{MESSAGES.welcomeText}</p>
      {people.isPending ? (
        <PeopleSkeletons count={WELCOME_PEOPLE} />
      ) : (
        <ul className="grid gap-3" aria-label={MESSAGES.whoToFollow}>
          {(people.data ?? []).map((person) => (
            <SuggestedPerson key={person.contentId} person={person} showReason />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * In place of an empty home feed, for a member who follows nobody: popular recent posts, as the
 * recommendations service ranks them for this member, each read as the post page reads it.
 */
export function PopularPosts() {
  const ranked = useRecommendations(POPULAR_POSTS, 'post');
  const posts = useQueries({
    queries: (ranked.data ?? []).map((item) => tweetQueryOptions(item.contentId)),
  });
  const headingId = useId();
  const loaded = posts.flatMap<TweetResponse>((post) => (post.data ? [post.data] : []));
  const loading = ranked.isPending || (posts.length > 0 && posts.every((post) => post.isPending));
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="border-b border-border px-4 py-3 text-lg font-bold">
        {MESSAGES.popularHeading}
      </h2>
      {loading ? (
        <TweetSkeletons />
      ) : loaded.length === 0 ? (
        <p className="p-8 text-center text-muted-foreground">{MESSAGES.noPopular}</p>
      ) : (
        <div>
          {loaded.map((tweet) => (
            <TweetCard key={tweet.id} tweet={tweet} />
          ))}
        </div>
      )}
    </section>
  );
}
