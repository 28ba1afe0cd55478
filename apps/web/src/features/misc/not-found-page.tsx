import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { pageTitle } from '../../lib/page-meta';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{pageTitle('Page not found')}</title>
      <h1 className="text-3xl font-extrabold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Link to={paths.home.getHref()} className={buttonVariants()}>
        Go home
      </Link>
    </main>
  );
}
