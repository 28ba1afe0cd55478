import { cn } from '../../lib/cn';

/** The avatar's fallback: the first letter of the display name, else of the username, else U (uppercased). */
export const avatarInitial = (displayName?: string | null, username?: string | null): string =>
  (displayName?.trim()?.[0] ?? username?.trim()?.[0] ?? 'U').toUpperCase();

export function Avatar({
  src,
  displayName,
  username,
  size = 40,
  className,
}: {
  src?: string | null;
  displayName?: string | null;
  username?: string | null;
  size?: number;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted font-semibold',
        className,
      )}
      style={{ width: size, height: size }}
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          className="h-full w-full object-cover"
        />
      ) : (
        <span aria-hidden="true">{avatarInitial(displayName, username)}</span>
      )}
    </span>
  );
}
