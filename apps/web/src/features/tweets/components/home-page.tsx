import type { ReactNode } from 'react';
import { useState } from 'react';
import { pageTitle } from '../../../lib/page-meta';
import { useAuth } from '../../auth/api/current-user';
import {
  NewMemberWelcome,
  PopularPosts,
} from '../../recommendations/components/new-member-welcome';
import { useFeed } from '../api/get-feed';
import { MESSAGES } from '../messages';
import { InlineComposer } from './inline-composer';
import { TweetList } from './tweet-list';

/** The home feed's posts: the home timeline for a member, the public one for a visitor. */
function Feed({ emptyContent }: { emptyContent?: ReactNode }) {
  const query = useFeed();
  return (
    <TweetList
      query={query}
      label="Home timeline"
      emptyText={MESSAGES.noPosts}
      emptyContent={emptyContent}
    />
  );
}

/**
 * Whether the reader is a member who follows nobody: decided when first known and kept for the
 * visit, so the welcome stays while they follow a few people from it.
 */
function useNewMember(): boolean {
  const { status, user } = useAuth();
  const isNew = status === 'authenticated' && user?.followingCount === 0;
  const [latched, setLatched] = useState(isNew);
  if (isNew && !latched) setLatched(true);
  return latched && status === 'authenticated';
}

/**
 * Home (route /, members only): the header, the composer, and the feed; a member who
 * follows nobody gets a welcome with people to follow, and popular posts in place of an empty
 * feed.
 */
export default function HomePage() {
  const { status } = useAuth();
  const newMember = useNewMember();
  return (
    <div>
      <title>{pageTitle('Home')}</title>
      <header className="sticky top-0 z-10 border-b border-border bg-background/85 px-4 py-3 backdrop-blur">
        <h1 className="text-xl font-bold">Home</h1>
      </header>
      {status === 'authenticated' ? <InlineComposer /> : null}
      {newMember ? <NewMemberWelcome /> : null}
      <Feed emptyContent={newMember ? <PopularPosts /> : undefined} />
    </div>
  );
}
