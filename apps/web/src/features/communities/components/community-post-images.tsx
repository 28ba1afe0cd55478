import type { CommunityPostResponse } from '@wave/contracts';
import { cn } from '../../../lib/cn';
import { displayImageSrc, isShowableImage } from '../../../lib/object-path';

/**
 * A community post's images in a two-column grid (spec part 2, section 9) of
 * fixed-ratio cells (no layout shift while they load), through their
 * feed-sized `/display` variant, lazily; each opens the original in a new tab.
 * A single image takes the whole row.
 */
export function CommunityPostImages({
  post,
}: {
  post: Pick<CommunityPostResponse, 'mediaUrls' | 'author'>;
}) {
  const images = post.mediaUrls.filter(isShowableImage);
  if (images.length === 0) return null;
  const single = images.length === 1;
  return (
    <div className="mt-3 grid grid-cols-2 gap-0.5 overflow-hidden rounded-2xl border border-border">
      {images.map((source, index) => (
        <a
          key={`${source}-${index}`}
          href={source}
          target="_blank"
          rel="noopener noreferrer"
          className={cn('block bg-muted', single ? 'col-span-2 aspect-video' : 'aspect-square')}
        >
          <img
            src={displayImageSrc(source)}
            alt={`Image ${index + 1} of ${images.length} in the post by @${post.author.username}`}
            loading="lazy"
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
