import { Link } from 'react-router';
import { paths } from '../config/paths';
import { buttonVariants } from './ui/button';

/**
 * The sign-up banner for visitors (spec part 1, section 2: 'a sign-up banner on the home feed').
 * Visitors at / get the landing page instead of a feed, so the banner sits where they do read
 * posts: a shared post's page and a public profile.
 */
export function VisitorBanner() {
  return (
    <section
      aria-labelledby="visitor-banner-heading"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-muted px-4 py-4"
    >
      <div>
        <h2 id="visitor-banner-heading" className="text-lg font-bold">
          New to Wave?
        </h2>
        <p className="text-sm text-muted-foreground">Sign up to post, like, retweet and reply.</p>
      </div>
      <Link to={paths.auth.getHref()} className={buttonVariants()}>
        Get Started
      </Link>
    </section>
  );
}
