import { Fragment, useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { splitLinks } from '../../../lib/link-detection';

/**
 * A community post's text: plain text nodes, and http(s) links as anchors
 * that open in a new tab (noopener noreferrer nofollow). Never parsed as HTML.
 */
export function PostContent({ content, className }: { content: string; className?: string }) {
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
