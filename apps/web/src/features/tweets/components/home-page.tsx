import { useAuth } from '../../auth/api/current-user';
import { useFeed } from '../api/get-feed';
import { MESSAGES } from '../messages';
import { InlineComposer } from './inline-composer';
import { TweetList } from './tweet-list';
import { VisitorBanner } from './visitor-banner';

/** The home feed's posts: the home timeline for a member, the public one for a visitor. */
function Feed() {
  const query = useFeed();
  return <TweetList query={query} label="Home timeline" emptyText={MESSAGES.noPosts} />;
}

/** Home (route /): the header, the visitor banner or the composer, and the feed. */
export default function HomePage() {
  const { status } = useAuth();
  return (
    <div>
      <header className="sticky top-0 z-10 border-b border-border bg-background/85 px-4 py-3 backdrop-blur">
        <h1 className="text-xl font-bold">Home</h1>
      </header>
      {status !== 'authenticated' ? <VisitorBanner /> : <InlineComposer />}
      <Feed />
    </div>
  );
}
