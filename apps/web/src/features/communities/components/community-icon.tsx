import type { CommunitySummary } from '@wave/contracts';
import { cn } from '../../../lib/cn';
import { displayImageSrc, isShowableImage } from '../../../lib/object-path';

/** The fallback of a community without an icon: the first two letters of its name. */
export const communityInitials = (name: string): string =>
  [...name.trim()].slice(0, 2).join('').toUpperCase() || '?';

/**
 * A community's icon, or its initials on a tinted square. Decorative: the
 * name is always written beside it.
 */
export function CommunityIcon({
  community,
  size = 48,
  className,
}: {
  community: Pick<CommunitySummary, 'name' | 'iconUrl'>;
  size?: number;
  className?: string;
}) {
  const box = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-primary/15 font-bold text-primary',
    className,
  );
  if (community.iconUrl && isShowableImage(community.iconUrl)) {
    return (
      <span className={box} style={{ width: size, height: size }}>
        <img
          src={displayImageSrc(community.iconUrl)}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="community-initials"
      className={box}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {communityInitials(community.name)}
    </span>
  );
}
