import { Fragment, useMemo } from 'react';
import { cn } from '../lib/cn';
import { splitLinks } from '../lib/link-detection';

/**
 * A post's text (a tweet or a community post): plain text nodes, and http(s) links as anchors that open in
 * a new tab without handing over the page (noopener noreferrer) or vouching
 * for the target (nofollow). Nothing is ever parsed as HTML.
 */
export function PostText({ content, className }: { content: string; className?: string }) {
  const parts = useMemo(() => splitLinks(content), [content]);
  return (
    <p className={cn('whitespace-pre-wrap break-words', className)}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
