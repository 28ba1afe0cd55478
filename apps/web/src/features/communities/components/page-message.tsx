import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { MESSAGES } from '../messages';

/** A page's whole message when there is nothing else to show: not found, private, failed. */
export function PageMessage({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 px-6 py-16 text-center">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      {action}
    </div>
  );
}

/** A page's message whose way on is a link (to the community, back to the communities). */
export function PageLinkMessage({
  title,
  description,
  to,
  linkText,
}: {
  title: string;
  description: string;
  to: string;
  linkText: string;
}) {
  return (
    <PageMessage
      title={title}
      description={description}
      action={
        <Link to={to} className={buttonVariants({ variant: 'outline' })}>
          {linkText}
        </Link>
      }
    />
  );
}

/** A community (or its post) that is not there, with the way back to the communities. */
export function NotFoundMessage({
  title = MESSAGES.notFound,
  description = MESSAGES.notFoundDescription,
}: {
  title?: string;
  description?: string;
}) {
  return (
    <PageLinkMessage
      title={title}
      description={description}
      to={paths.communities.getHref()}
      linkText={MESSAGES.backToCommunities}
    />
  );
}

/** A page that failed to load: "Something went wrong", and Try again. */
export function PageLoadFailed({
  description,
  onRetry,
}: {
  description: string;
  onRetry: () => unknown;
}) {
  return (
    <PageMessage
      title="Something went wrong"
      description={description}
      action={
        <Button variant="outline" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    />
  );
}
