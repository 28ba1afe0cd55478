import type { LinkPreview } from '@wave/contracts';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { previewImageSrc } from '../../../lib/object-path';

const httpUrl = (value: string | null | undefined): URL | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * A link preview: the site, title, description and picture (through the
 * signed image-proxy link the server gave with it, never from the remote site
 * directly). With `onRemove`, a button drops it (the composer).
 */
export function LinkPreviewCard({
  preview,
  onRemove,
  className,
}: {
  preview: LinkPreview;
  onRemove?: () => void;
  className?: string;
}) {
  const url = httpUrl(preview.url);
  const host = url?.hostname.replace(/^www\./, '') ?? preview.url;
  const image = previewImageSrc(preview.imageProxyUrl);
  const title = preview.title?.trim() || host;
  const body: ReactNode = (
    <>
      {image ? (
        <img
          src={image}
          alt={`Preview image for ${title}`}
          loading="lazy"
          decoding="async"
          width={600}
          height={314}
          className="aspect-[1.91/1] w-full bg-muted object-cover"
        />
      ) : null}
      <span className="block p-3">
        <span className="block truncate text-xs text-muted-foreground">
          {preview.siteName?.trim() || host}
        </span>
        <span className="line-clamp-2 block font-semibold">{title}</span>
        {preview.description ? (
          <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground">
            {preview.description}
          </span>
        ) : null}
      </span>
    </>
  );
  return (
    <div
      className={cn('relative mt-3 overflow-hidden rounded-2xl border border-border', className)}
    >
      {url ? (
        <a
          href={url.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="block hover:bg-muted/50"
        >
          {body}
        </a>
      ) : (
        <div>{body}</div>
      )}
      {onRemove ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Remove link preview"
          onClick={onRemove}
          className="absolute right-2 top-2 bg-black/60 text-white hover:bg-black/80"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
