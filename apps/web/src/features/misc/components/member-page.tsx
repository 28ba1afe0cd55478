import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/api/current-user';

/**
 * A members' page in the app shell: its title (document title too), an
 * optional note under it, and the content, or `loginMessage` for a visitor.
 */
export function MemberPage({
  title,
  note,
  loginMessage,
  children,
}: {
  title: string;
  note?: ReactNode;
  loginMessage: string;
  children: ReactNode;
}) {
  const { status } = useAuth();
  return (
    <div>
      <title>{`${title} · Wave`}</title>
      <header className="sticky top-0 z-10 border-b border-border bg-background/80 px-4 py-3 backdrop-blur">
        <h1 className="text-xl font-bold">{title}</h1>
        {note && status === 'authenticated' ? (
          <p className="text-xs text-muted-foreground">{note}</p>
        ) : null}
      </header>
      {status === 'authenticated' ? (
        children
      ) : status === 'unauthenticated' ? (
        <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <p className="text-muted-foreground">{loginMessage}</p>
          <Link to={paths.auth.getHref()} className={buttonVariants()}>
            Log in
          </Link>
        </div>
      ) : null}
    </div>
  );
}
