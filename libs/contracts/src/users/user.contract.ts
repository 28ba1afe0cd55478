import { z } from 'zod';
import { isUuid } from '../common/id.contract';
import { hasVisibleText, text } from '../common/text.contract';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
/**
 * For new passwords (sign-up). Sign-in takes any non-empty password up to the
 * maximum, so accounts made under the old minimum (6) keep working.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 160;
export const EMAIL_MAX_LENGTH = 254;
export const IMAGE_URL_MAX_LENGTH = 2048;

const displayName = text('Display name', {
  kind: 'name',
  required: true,
  max: DISPLAY_NAME_MAX_LENGTH,
});

const username = text('Username', { kind: 'line', required: true }).regex(USERNAME_PATTERN, {
  error: 'Username must be 3 to 30 characters: letters, digits and underscores only',
});

const email = text('Email', { kind: 'line', required: true, max: EMAIL_MAX_LENGTH })
  .pipe(z.email({ error: 'Email must be a valid email address' }))
  .transform((value) => value.toLowerCase());

const newPassword = text('Password', { kind: 'secret' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  });

export const registerRequestSchema = z.object(
  { displayName, username, email, password: newPassword },
  { error: 'Request body must be a JSON object' },
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object(
  {
    email: text('Email', {
      kind: 'line',
      required: true,
      max: EMAIL_MAX_LENGTH,
      messages: { tooLong: 'Invalid email or password' },
    }).transform((value) => value.toLowerCase()),
    password: text('Password', { kind: 'secret' })
      .min(1, { error: 'Password is required' })
      .max(PASSWORD_MAX_LENGTH, { error: 'Invalid email or password' }),
  },
  { error: 'Request body must be a JSON object' },
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** An optional text field: a value with nothing visible in it clears it (null). */
const optionalText = (label: string, kind: 'name' | 'free', max: number) =>
  text(label, { kind, max })
    .transform((value) => (hasVisibleText(value) ? value : null))
    .nullable()
    .optional();

export const updateProfileRequestSchema = z
  .strictObject(
    {
      displayName: displayName.optional(),
      firstName: optionalText('First name', 'name', NAME_MAX_LENGTH),
      lastName: optionalText('Last name', 'name', NAME_MAX_LENGTH),
      bio: optionalText('Bio', 'free', BIO_MAX_LENGTH),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only displayName, firstName, lastName and bio can be changed here (got ${issue.keys
              .map((key) => `"${key}"`)
              .join(', ')})`
          : 'Request body must be a JSON object',
    },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to update: send displayName, firstName, lastName or bio',
  });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const PROFILE_IMAGE_TYPES = ['profile', 'cover'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

export const updateProfileImageRequestSchema = z.object(
  {
    imageUrl: text('imageUrl', { kind: 'line', required: true, max: IMAGE_URL_MAX_LENGTH }),
    imageType: z.enum(PROFILE_IMAGE_TYPES, {
      error: 'imageType must be "profile" or "cover"',
    }),
  },
  { error: 'Request body must be a JSON object' },
);
export type UpdateProfileImageRequest = z.infer<typeof updateProfileImageRequestSchema>;

const INVALID_REFERENCE = 'User must be given by a valid id or username';

/** A user named in a path (`/api/users/{idOrUsername}/...`): an id or a username, as sent. */
export const idOrUsernameSchema = z
  .string({ error: INVALID_REFERENCE })
  .refine((value) => isUuid(value) || USERNAME_PATTERN.test(value), { error: INVALID_REFERENCE });

/**
 * The User entity as the client sees it (spec part 1, section 3).
 * `email` is present only on the signed-in user's own record;
 * `isFollowing` only when a signed-in reader looks at someone else.
 */
export interface UserResponse {
  id: string;
  username: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  email?: string;
  bio: string | null;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  createdAt: string;
  followersCount: number;
  followingCount: number;
  pinnedTweetId: string | null;
  verified: boolean;
  isFollowing?: boolean;
}

/** The answer to follow and unfollow: the state after the call. */
export interface FollowStatusResponse {
  userId: string;
  isFollowing: boolean;
  followersCount: number;
}

/**
 * Names that would collide with routes or impersonate the product. Compared
 * case-insensitively.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'about',
  'admin',
  'administrator',
  'analytics',
  'api',
  'auth',
  'bookmarks',
  'communities',
  'community',
  'explore',
  'features',
  'help',
  'login',
  'logout',
  'me',
  'messages',
  'moderator',
  'notifications',
  'objects',
  'privacy',
  'profile',
  'register',
  'root',
  'search',
  'settings',
  'signup',
  'support',
  'system',
  'terms',
  'tweet',
  'tweets',
  'user',
  'users',
  'wave',
]);

export const isReservedUsername = (username: string): boolean =>
  RESERVED_USERNAMES.has(username.toLowerCase());
