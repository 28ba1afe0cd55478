import { Globe, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A lock for a private community, a globe for a public one, each with its name for screen readers. */
export function PrivacyIcon({ isPrivate, className }: { isPrivate: boolean; className?: string }) {
  const Icon = isPrivate ? Lock : Globe;
  return (
    <Icon
      role="img"
      aria-label={isPrivate ? 'Private community' : 'Public community'}
      className={cn('h-4 w-4 shrink-0 text-muted-foreground', className)}
    />
  );
}
