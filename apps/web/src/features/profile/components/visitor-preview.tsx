import type { UserResponse } from '@wave/contracts';
import { Eye, Heart, MessageCircle, Repeat2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

/** Samples are signed by the product's own reserved name, never by the profile's owner. */
const SAMPLE_AUTHOR = { displayName: 'Wave', username: 'wave' } as const;

/** Two made-up posts that show a visitor what a profile holds (marked as samples). */
const SAMPLE_POSTS = [
  {
    id: 'sample-1',
    age: '2h',
    content:
      'Just set up my profile on Wave. Looking forward to meeting people who care about the same things I do!',
    replies: 3,
    retweets: 2,
    likes: 12,
  },
  {
    id: 'sample-2',
    age: '1d',
    content:
      'Small wins count: finished the book I started in January, and my notes are up in the reading community.',
    replies: 9,
    retweets: 5,
    likes: 48,
  },
] as const;

function SamplePost({ post }: { post: (typeof SAMPLE_POSTS)[number] }) {
  return (
    <article className="flex gap-3 border-b border-border px-4 py-3" aria-label="Sample post">
      <Avatar displayName={SAMPLE_AUTHOR.displayName} username={SAMPLE_AUTHOR.username} size={40} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1 text-sm">
          <span className="font-semibold">{SAMPLE_AUTHOR.displayName}</span>
          <span className="text-muted-foreground">
            @{SAMPLE_AUTHOR.username} · {post.age}
          </span>
          <span className="ml-auto rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
            Sample
          </span>
        </p>
        <p className="mt-1 break-words">{post.content}</p>
        <ul
          className="mt-2 flex gap-6 text-sm text-muted-foreground"
          aria-label="Sample interactions"
        >
          <li className="flex items-center gap-1">
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> {post.replies}
            <span className="sr-only">replies</span>
          </li>
          <li className="flex items-center gap-1">
            <Repeat2 className="h-4 w-4" aria-hidden="true" /> {post.retweets}
            <span className="sr-only">retweets</span>
          </li>
          <li className="flex items-center gap-1">
            <Heart className="h-4 w-4" aria-hidden="true" /> {post.likes}
            <span className="sr-only">likes</span>
          </li>
        </ul>
      </div>
    </article>
  );
}

/** A blurred glimpse of more posts behind an invitation to sign up. */
function SignUpPrompt({ user }: { user: UserResponse }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none select-none blur-sm">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3 border-b border-border px-4 py-3">
            <div className="h-10 w-10 shrink-0 rounded-full bg-muted" />
            <div className="grid flex-1 gap-2">
              <div className="h-3 w-1/3 rounded bg-muted" />
              <div className="h-3 w-full rounded bg-muted" />
              <div className="h-3 w-2/3 rounded bg-muted" />
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/70 p-6 text-center backdrop-blur-sm">
        <h2 id={headingId} className="text-xl font-bold">
          See more from {user.displayName}
        </h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          Join Wave to follow @{user.username}, read all of their posts and join the conversation.
          It&apos;s free.
        </p>
        <div className="flex gap-2">
          <Link to={paths.auth.getHref()} className={buttonVariants()}>
            Sign up
          </Link>
          <Link to={paths.auth.getHref()} className={buttonVariants({ variant: 'outline' })}>
            Log in
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * What a signed-out visitor sees under a profile: two sample posts and a
 * blurred sign-up prompt, or, with 'Preview Authenticated View' on, the posts
 * section as members see it.
 */
export function VisitorProfileSection({
  user,
  posts,
}: {
  user: UserResponse;
  /** The members' posts section. */
  posts: ReactNode;
}) {
  const [preview, setPreview] = useState(false);
  const labelId = useId();
  return (
    <div>
      <div className="flex items-center justify-between gap-4 border-b border-border px-4 py-3">
        <div className="flex items-center gap-2">
          <Eye className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
          <span id={labelId} className="text-sm font-medium">
            Preview Authenticated View
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={preview}
          aria-labelledby={labelId}
          onClick={() => setPreview((on) => !on)}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            preview ? 'bg-primary' : 'bg-muted',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              preview ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      {preview ? (
        <>
          <p className="border-b border-border bg-muted px-4 py-2 text-sm text-muted-foreground">
            You are previewing what members see.{' '}
            <Link to={paths.auth.getHref()} className="font-medium text-primary hover:underline">
              Sign in
            </Link>{' '}
            to follow, like and reply.
          </p>
          {posts}
        </>
      ) : (
        <>
          <section aria-labelledby={`${labelId}-samples`}>
            <div className="border-b border-border px-4 py-3">
              <h2 id={`${labelId}-samples`} className="text-lg font-bold">
                Sample posts
              </h2>
              <p className="text-sm text-muted-foreground">
                Examples of what members share on Wave, not posts by {user.displayName}. Sign in to
                see their real posts.
              </p>
            </div>
            {SAMPLE_POSTS.map((post) => (
              <SamplePost key={post.id} post={post} />
            ))}
          </section>
          <SignUpPrompt user={user} />
        </>
      )}
    </div>
  );
}
