import type { UserResponse } from '@wave/contracts';
import { ArrowLeft, BadgeCheck } from 'lucide-react';
import { useMemo } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { PersonRowSkeletons } from '../../../components/person-row-skeletons';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { pageTitle } from '../../../lib/page-meta';
import { pagedItems } from '../../../lib/paged-data';
import { useAuth } from '../../auth/api/current-user';
import type { Connection } from '../api/get-connections';
import { useConnections } from '../api/get-connections';
import { isNotFound, useUser } from '../api/get-user';
import { FollowButton } from './follow-button';

const TEXT: Record<Connection, { tab: string; empty: (name: string) => string; title: string }> = {
  followers: {
    tab: 'Followers',
    title: 'People following',
    empty: (name) => `${name} has no followers yet`,
  },
  following: {
    tab: 'Following',
    title: 'People followed by',
    empty: (name) => `${name} isn't following anyone yet`,
  },
};

/** One person of the list: who they are, their bio's start, and Follow for a member. */
function ConnectionRow({ person, canFollow }: { person: UserResponse; canFollow: boolean }) {
  const name = person.displayName || person.username;
  return (
    <li className="flex items-start gap-3 border-b border-border px-4 py-3">
      <Link to={paths.profile.getHref(person.username)} tabIndex={-1} aria-hidden="true">
        <Avatar src={person.profileImageUrl} displayName={name} username={person.username} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={paths.profile.getHref(person.username)} className="block hover:underline">
          <span className="flex items-center gap-1 font-bold">
            <span className="truncate">{name}</span>
            {person.verified ? (
              <BadgeCheck
                className="h-4 w-4 shrink-0 text-primary"
                role="img"
                aria-label="Verified account"
              />
            ) : null}
          </span>
          <span className="block truncate text-sm text-muted-foreground">@{person.username}</span>
        </Link>
        {person.bio ? <p className="mt-1 line-clamp-2 break-words text-sm">{person.bio}</p> : null}
      </div>
      {canFollow ? <FollowButton user={person} size="sm" nameInLabel /> : null}
    </li>
  );
}

function ConnectionList({ user, connection }: { user: UserResponse; connection: Connection }) {
  const { user: reader } = useAuth();
  const query = useConnections(user.username, connection);
  // Once each: someone can come again on a later page after the list moved.
  const people = useMemo(() => {
    const seen = new Set<string>();
    return pagedItems(query.data).filter((person) => !seen.has(person.id) && seen.add(person.id));
  }, [query.data]);
  const name = user.displayName || user.username;

  if (query.isPending) return <PersonRowSkeletons label="Loading people" />;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="grid justify-items-center gap-2 px-6 py-12 text-center">
        <p className="font-semibold">Failed to load this list</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (people.length === 0) {
    return <p className="px-6 py-12 text-center font-semibold">{TEXT[connection].empty(name)}</p>;
  }
  return (
    <>
      <ul aria-label={`${TEXT[connection].title} ${name}`} aria-busy={query.isFetchingNextPage}>
        {people.map((person) => (
          <ConnectionRow
            key={person.id}
            person={person}
            canFollow={reader !== null && reader.id !== person.id}
          />
        ))}
      </ul>
      <LoadMoreFooter
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
        pageCount={query.data?.pages.length ?? 0}
        failedText="Failed to load more people"
      />
    </>
  );
}

/**
 * A profile's Followers and Following (/profile/{user}/followers, /following), reached from the
 * counts on the profile: who they are, newest first, page after page, each with Follow for a
 * member (the state every Follow button of that person shares). Open to visitors, as the
 * profile is.
 */
export default function ConnectionsPage({ connection }: { connection: Connection }) {
  const { userIdentifier = '' } = useParams();
  const navigate = useNavigate();
  const query = useUser(userIdentifier);
  const user = query.data;
  const name = user ? user.displayName || user.username : userIdentifier;
  return (
    <div>
      <title>
        {pageTitle(`${TEXT[connection].title} ${user ? `${name} (@${user.username})` : name}`)}
      </title>
      <header className="sticky top-0 z-10 border-b border-border bg-background/85 backdrop-blur">
        <div className="flex items-center gap-4 px-2 py-2">
          <Tooltip content="Back">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Back"
              onClick={() => void navigate(paths.profile.getHref(userIdentifier))}
            >
              <ArrowLeft className="h-5 w-5" aria-hidden="true" />
            </Button>
          </Tooltip>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-bold">{name}</h1>
            {user ? (
              <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
            ) : null}
          </div>
        </div>
        <nav aria-label="Connections" className="grid grid-cols-2">
          {(['followers', 'following'] as const).map((kind) => (
            <NavLink
              key={kind}
              to={paths.connections.getHref(userIdentifier, kind)}
              replace
              className={({ isActive }) =>
                cn(
                  'border-b-2 py-3 text-center text-sm font-semibold hover:bg-muted/50',
                  isActive ? 'border-primary' : 'border-transparent text-muted-foreground',
                )
              }
            >
              {TEXT[kind].tab}
            </NavLink>
          ))}
        </nav>
      </header>
      {query.isPending ? (
        <PersonRowSkeletons label="Loading people" />
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-center gap-2 px-6 py-12 text-center">
          <p className="font-semibold">
            {isNotFound(query.error) ? 'Profile not found' : 'Failed to load this profile'}
          </p>
          {isNotFound(query.error) ? null : (
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : (
        <ConnectionList key={connection} user={query.data} connection={connection} />
      )}
    </div>
  );
}
