import { postLength } from '../../../lib/post-length';
import { cn } from '../../../lib/cn';

/**
 * The length of a post against its limit of 280 (code points): it turns to
 * the error colour over the limit (spec part 1, section 5).
 */
export function CharacterCounter({ content, id }: { content: string; id?: string }) {
  const { length, max, isOverLimit } = postLength(content);
  return (
    <span id={id} className="text-sm tabular-nums" data-over-limit={isOverLimit}>
      <span className={isOverLimit ? 'font-semibold text-destructive' : 'text-muted-foreground'}>
        {length}/{max}
      </span>
      <span className={cn('sr-only')}>
        {isOverLimit ? ' characters, over the limit' : ' characters'}
      </span>
    </span>
  );
}
