import type { AnalyticsTopPost } from '@wave/contracts';
import { Eye, Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format-count';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { PanelMessage } from './panel-message';

function Stat({ icon: Icon, value, unit }: { icon: typeof Eye; value: number; unit: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="h-4 w-4" aria-hidden="true" />
      {formatCount(value)}
      <span className="sr-only"> {unit}</span>
    </span>
  );
}

/** Top Posts: the member's posts ranked, with views, likes, replies and age. */
export function TopPostsPanel({ posts }: { posts: readonly AnalyticsTopPost[] }) {
  if (posts.length === 0) return <PanelMessage>No posts in this period yet.</PanelMessage>;
  return (
    <ol aria-label="Top posts" className="divide-y divide-border">
      {posts.map((post, index) => (
        <li key={post.id} className="flex gap-3 px-4 py-3">
          <span
            className="w-6 shrink-0 text-right text-sm font-bold text-muted-foreground tabular-nums"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <Link
              to={paths.tweet.getHref(post.id)}
              className="line-clamp-2 break-words text-sm hover:underline"
            >
              {post.content || 'A post with no text'}
            </Link>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <Stat icon={Eye} value={post.views} unit="views" />
              <Stat icon={Heart} value={post.likes} unit="likes" />
              <Stat icon={MessageCircle} value={post.replies} unit="replies" />
              <time dateTime={post.createdAt} title={formatFullTime(post.createdAt)}>
                {formatRelativeTime(post.createdAt)}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
