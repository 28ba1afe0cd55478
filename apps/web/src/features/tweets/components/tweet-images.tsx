import type { TweetResponse } from '@wave/contracts';
import { cn } from '../../../lib/cn';
import { displayImageSrc } from '../../../lib/object-path';
import { imagesOf } from '../post-images';

/**
 * A post's images in a fixed-ratio grid (no layout shift while they load),
 * shown through their feed-sized `/display` variant; each opens the original in a new tab. Lazily
 * by default; the first posts of a list are on screen when it opens, so theirs (`priority`) are
 * asked for as soon as they are drawn, ahead of other requests: waiting for layout to find them
 * visible only delays the page's largest paint, which is often one of them.
 */
export function TweetImages({
  tweet,
  priority = false,
}: {
  tweet: Pick<TweetResponse, 'imageUrl' | 'imageUrls' | 'author'>;
  priority?: boolean;
}) {
  const images = imagesOf(tweet);
  if (images.length === 0) return null;
  const single = images.length === 1;
  return (
    <div
      className={cn(
        'mt-3 grid gap-0.5 overflow-hidden rounded-2xl border border-border',
        single ? 'grid-cols-1' : 'grid-cols-2',
      )}
    >
      {images.map((source, index) => (
        <a
          key={`${source}-${index}`}
          href={source}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(
            'block bg-muted',
            single ? 'aspect-video' : 'aspect-square',
            images.length === 3 && index === 0 && 'row-span-2 aspect-auto',
          )}
        >
          <img
            src={displayImageSrc(source)}
            alt={`Image ${index + 1} of ${images.length} in the post by @${tweet.author.username}`}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            width={single ? 1080 : 540}
            height={single ? 608 : 540}
            className="h-full w-full object-cover"
          />
        </a>
      ))}
    </div>
  );
}
