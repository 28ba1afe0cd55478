import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { SITE_NAME } from '../../lib/structured-data';
import { ThemeToggle } from '../theme/theme-toggle';

export default function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between p-4">
        <span className="text-xl font-black tracking-tight">Wave</span>
        <ThemeToggle />
      </header>
      <title>{`${SITE_NAME}: a social platform for authentic connections`}</title>
      <main className="mx-auto flex max-w-2xl flex-1 flex-col items-center justify-center gap-6 p-6 text-center">
        <h1 className="text-4xl font-extrabold sm:text-5xl">
          A social platform for authentic connections
        </h1>
        <p className="text-lg text-muted-foreground">
          Share short posts, follow people worth following, and join communities around what you
          love.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.auth.getHref('signup')} className={buttonVariants({ size: 'lg' })}>
            Join now
          </Link>
          <Link
            to={paths.auth.getHref('signin')}
            className={buttonVariants({ size: 'lg', variant: 'outline' })}
          >
            Sign in
          </Link>
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-4 p-6 text-sm text-muted-foreground">
        <Link to={paths.rulesConduct.getHref()} className="hover:underline">
          Rules of Conduct
        </Link>
        <Link to={paths.privacyPolicy.getHref()} className="hover:underline">
          Privacy Policy
        </Link>
        <Link to={paths.termsService.getHref()} className="hover:underline">
          Terms of Service
        </Link>
      </footer>
    </div>
  );
}
