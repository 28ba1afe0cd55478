import { z } from 'zod';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 160;
export const EMAIL_MAX_LENGTH = 254;
export const IMAGE_URL_MAX_LENGTH = 2048;

/** A required string field, with messages that name the field. */
const requiredString = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  });

const displayName = requiredString('Display name')
  .trim()
  .min(1, { error: 'Display name is required' })
  .max(DISPLAY_NAME_MAX_LENGTH, {
    error: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  });

const username = requiredString('Username')
  .trim()
  .min(1, { error: 'Username is required' })
  .regex(USERNAME_PATTERN, {
    error: 'Username must be 3 to 30 characters: letters, digits and underscores only',
  });

const email = requiredString('Email')
  .trim()
  .min(1, { error: 'Email is required' })
  .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters` })
  .pipe(z.email({ error: 'Email must be a valid email address' }))
  .transform((value) => value.toLowerCase());

const newPassword = requiredString('Password')
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
    email: requiredString('Email')
      .trim()
      .min(1, { error: 'Email is required' })
      .max(EMAIL_MAX_LENGTH, { error: 'Invalid email or password' })
      .transform((value) => value.toLowerCase()),
    password: requiredString('Password')
      .min(1, { error: 'Password is required' })
      .max(PASSWORD_MAX_LENGTH, { error: 'Invalid email or password' }),
  },
  { error: 'Request body must be a JSON object' },
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** An optional free-text field: trimmed, and an empty value clears it (null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((value) => (value.length === 0 ? null : value))
    .nullable()
    .optional();

export const updateProfileRequestSchema = z
  .strictObject(
    {
      displayName: displayName.optional(),
      firstName: optionalText('First name', NAME_MAX_LENGTH),
      lastName: optionalText('Last name', NAME_MAX_LENGTH),
      bio: optionalText('Bio', BIO_MAX_LENGTH),
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
    imageUrl: requiredString('imageUrl')
      .trim()
      .min(1, { error: 'imageUrl is required' })
      .max(IMAGE_URL_MAX_LENGTH, {
        error: `imageUrl must be at most ${IMAGE_URL_MAX_LENGTH} characters`,
      }),
    imageType: z.enum(PROFILE_IMAGE_TYPES, {
      error: 'imageType must be "profile" or "cover"',
    }),
  },
  { error: 'Request body must be a JSON object' },
);
export type UpdateProfileImageRequest = z.infer<typeof updateProfileImageRequestSchema>;

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
