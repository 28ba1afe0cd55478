import { ArrowLeft } from 'lucide-react';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StructuredData } from '../../../components/structured-data';
import { VisitorBanner } from '../../../components/visitor-banner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { pageTitle, postPageTitle } from '../../../lib/page-meta';
import { buildSocialMediaPostingSchema } from '../../../lib/structured-data';
import { useAuth } from '../../auth/api/current-user';
import { isTweetNotFound, useTweet } from '../api/get-tweet';
import { useReplies } from '../api/get-replies';
import { MESSAGES } from '../messages';
import { ReplyBox } from './reply-box';
import { TweetCard } from './tweet-card';
import { TweetList } from './tweet-list';
import { TweetSkeletons } from './tweet-skeleton';

function Replies({ tweetId }: { tweetId: string }) {
  const query = useReplies(tweetId);
  return <TweetList query={query} label="Replies" emptyText={MESSAGES.noReplies} />;
}

/**
 * A post's page (route /tweet/:id): the post, a reply box, and its replies, oldest first. Its
 * title and its SocialMediaPosting markup are the ones the web server renders for crawlers.
 */
export default function TweetPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { status } = useAuth();
  const query = useTweet(id);
  const replyField = useRef<HTMLTextAreaElement>(null);

  const header = (
    <header className="sticky top-0 z-10 flex items-center gap-4 border-b border-border bg-background/85 px-2 py-2 backdrop-blur">
      <Tooltip content="Back">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Back"
          onClick={() => {
            if (window.history.length > 1) void navigate(-1);
            else void navigate(paths.home.getHref());
          }}
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
      </Tooltip>
      <h1 className="text-xl font-bold">Post</h1>
    </header>
  );

  if (query.isPending) {
    return (
      <div>
        <title>{pageTitle('Post')}</title>
        {header}
        <TweetSkeletons rows={1} label="Loading post" />
      </div>
    );
  }

  if (query.isError) {
    const notFound = isTweetNotFound(query.error);
    return (
      <div>
        <title>{pageTitle(notFound ? 'Post not found' : 'Post')}</title>
        {header}
        <div role="alert" className="grid justify-items-center gap-3 p-10 text-center">
          <h2 className="text-2xl font-bold">
            {notFound ? 'Post not found' : 'Something went wrong'}
          </h2>
          <p className="text-muted-foreground">
            {notFound
              ? "This post doesn't exist or has been removed."
              : 'Failed to load this post. Please try again.'}
          </p>
          {notFound ? (
            <Link to={paths.home.getHref()} className={buttonVariants({ variant: 'outline' })}>
              Go home
            </Link>
          ) : (
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  }

  const tweet = query.data;
  return (
    <div>
      <title>{postPageTitle(tweet)}</title>
      <StructuredData data={buildSocialMediaPostingSchema(tweet, window.location.origin)} />
      {header}
      {status === 'unauthenticated' ? <VisitorBanner /> : null}
      {tweet.parentId ? (
        <p className="px-4 pt-3 text-sm text-muted-foreground">
          Replying to{' '}
          <Link to={paths.tweet.getHref(tweet.parentId)} className="text-primary hover:underline">
            a post
          </Link>
        </p>
      ) : null}
      <TweetCard
        tweet={tweet}
        opensPage={false}
        className="hover:bg-transparent"
        onReply={() => replyField.current?.focus()}
        onDeleted={() => void navigate(paths.home.getHref(), { replace: true })}
      />
      {status === 'authenticated' ? (
        <ReplyBox
          tweet={tweet}
          textareaRef={replyField}
          className="border-b border-border px-4 pb-3"
        />
      ) : null}
      <h2 className="sr-only">Replies</h2>
      <Replies tweetId={tweet.id} />
    </div>
  );
}
