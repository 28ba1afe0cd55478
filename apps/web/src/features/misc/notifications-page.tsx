import type { LucideIcon } from 'lucide-react';
import { Heart, MessageCircle, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { MemberPage } from './components/member-page';

export const NOTIFICATION_KINDS = ['like', 'follow', 'comment'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

interface SampleNotification {
  id: string;
  kind: NotificationKind;
  actor: { displayName: string; username: string };
  excerpt?: string;
  age: string;
  unread: boolean;
}

const KIND: Record<NotificationKind, { icon: LucideIcon; action: string; className: string }> = {
  like: { icon: Heart, action: 'liked your post', className: 'text-pink-500' },
  follow: { icon: UserPlus, action: 'followed you', className: 'text-primary' },
  comment: { icon: MessageCircle, action: 'commented on your post', className: 'text-emerald-500' },
};

/** Static sample notifications (spec part 1: the screen makes no calls). */
export const SAMPLE_NOTIFICATIONS: readonly SampleNotification[] = [
  {
    id: 'n1',
    kind: 'like',
    actor: { displayName: 'Grace Hopper', username: 'grace' },
    excerpt: 'Shipped the new profile page today. Feedback welcome!',
    age: '5m',
    unread: true,
  },
  {
    id: 'n2',
    kind: 'follow',
    actor: { displayName: 'Alan Turing', username: 'alan' },
    age: '1h',
    unread: true,
  },
  {
    id: 'n3',
    kind: 'comment',
    actor: { displayName: 'Katherine Johnson', username: 'katherine' },
    excerpt: 'Love this idea, count me in for the next meetup.',
    age: '3h',
    unread: false,
  },
  {
    id: 'n4',
    kind: 'like',
    actor: { displayName: 'Margaret Hamilton', username: 'margaret' },
    excerpt: 'Small wins count: the test suite is finally green.',
    age: '1d',
    unread: false,
  },
  {
    id: 'n5',
    kind: 'follow',
    actor: { displayName: 'Linus Torvalds', username: 'linus' },
    age: '2d',
    unread: false,
  },
];

/** Notifications (members): likes, follows and comments, from static sample data. */
export default function NotificationsPage() {
  const [items, setItems] = useState(SAMPLE_NOTIFICATIONS);
  const unread = items.filter((item) => item.unread).length;

  return (
    <MemberPage
      title="Notifications"
      note="Sample notifications"
      loginMessage="Please log in to see your notifications."
    >
      {items.length > 0 ? (
        <>
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm">
            <span className="text-muted-foreground">
              {unread > 0 ? `${unread} unread` : 'All caught up'}
            </span>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={unread === 0}
                onClick={() => setItems((list) => list.map((item) => ({ ...item, unread: false })))}
              >
                Mark all as read
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setItems([])}>
                Clear all
              </Button>
            </div>
          </div>
          <ul aria-label="Notifications">
            {items.map((item) => {
              const { icon: Icon, action, className } = KIND[item.kind];
              return (
                <li
                  key={item.id}
                  className={cn(
                    'flex gap-3 border-b border-border px-4 py-3',
                    item.unread && 'bg-primary/5',
                  )}
                >
                  <Icon
                    className={cn('mt-1 h-6 w-6 shrink-0', className)}
                    aria-label={item.kind}
                    role="img"
                    fill={item.kind === 'like' ? 'currentColor' : 'none'}
                  />
                  <div className="min-w-0 flex-1">
                    <Avatar
                      displayName={item.actor.displayName}
                      username={item.actor.username}
                      size={32}
                    />
                    <p className="mt-1">
                      <Link
                        to={paths.profile.getHref(item.actor.username)}
                        className="font-semibold hover:underline"
                      >
                        {item.actor.displayName}
                      </Link>{' '}
                      {action}
                      <span className="text-muted-foreground"> · {item.age}</span>
                      {item.unread ? <span className="sr-only"> (unread)</span> : null}
                    </p>
                    {item.excerpt ? (
                      <p className="mt-1 truncate text-sm text-muted-foreground">{item.excerpt}</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="px-6 py-16 text-center text-muted-foreground">No notifications yet</p>
      )}
    </MemberPage>
  );
}
