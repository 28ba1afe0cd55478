import type { CommunityAuthor } from '@wave/contracts';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import type { ButtonProps } from '../../../components/ui/button';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { nameOf } from '../community-format';

/**
 * A person in a management list (a member, a request to join): avatar, name
 * (a link to their profile), @username, a line about them, and the actions on
 * them. At 360 px the actions go under the name.
 */
export function PersonRow({
  user,
  isReader = false,
  detail,
  children,
}: {
  user: CommunityAuthor;
  /** The signed-in reader's own row. */
  isReader?: boolean;
  detail?: ReactNode;
  children: ReactNode;
}) {
  const nameId = useId();
  const profileHref = paths.profile.getHref(user.username);
  return (
    <li
      aria-labelledby={nameId}
      data-user-id={user.id}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-4 py-3"
    >
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        <Link to={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar
            src={user.profileImageUrl}
            displayName={user.displayName}
            username={user.username}
          />
        </Link>
        <div className="min-w-0 flex-1 text-sm">
          <p className="flex min-w-0 items-baseline gap-1.5">
            <Link id={nameId} to={profileHref} className="truncate font-bold hover:underline">
              {nameOf(user)}
            </Link>
            {isReader ? (
              <span className="shrink-0 text-xs text-muted-foreground">(you)</span>
            ) : null}
          </p>
          <p className="truncate text-muted-foreground">@{user.username}</p>
          {detail ? <p className="truncate text-xs text-muted-foreground">{detail}</p> : null}
        </div>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-2">{children}</div>
    </li>
  );
}

/**
 * An action on a row's person ("Remove", "Approve"): a small button named
 * with the person's name for screen readers, marked with its action for
 * neighbourAction.
 */
export function PersonAction({
  action,
  name,
  children,
  ...props
}: Omit<ButtonProps, 'size'> & {
  action: string;
  /** The person's name, said after the label. */
  name: string;
}) {
  return (
    <Button size="sm" data-action={action} {...props}>
      {children}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}

/**
 * Where focus goes before a row leaves its list (a member removed, a request
 * answered): the same action in the next row (or the one before), so a
 * keyboard user keeps their place; null when no other row has it.
 */
export function neighbourAction(
  list: HTMLElement | null,
  userId: string,
  action: string,
): HTMLElement | null {
  if (!list) return null;
  const rows = [...list.querySelectorAll<HTMLElement>(':scope > li')];
  const index = rows.findIndex((row) => row.dataset['userId'] === userId);
  if (index === -1) return null;
  for (const row of [...rows.slice(index + 1), ...rows.slice(0, index).reverse()]) {
    const button = row.querySelector<HTMLElement>(`[data-action="${action}"]`);
    if (button) return button;
  }
  return null;
}
