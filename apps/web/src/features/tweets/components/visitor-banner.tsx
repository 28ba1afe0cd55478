import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** The home feed's sign-up banner for visitors (spec part 1, section 2). */
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
