/**
 * The limits of the profile edit form, as `libs/contracts` (user.contract.ts,
 * `updateProfileRequestSchema`) states them, with its messages. Mirrored here
 * because a runtime import of the contracts would bundle zod and every schema
 * into the client; profile-limits.spec.ts fails if they drift.
 */
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 160;

/** The edit form's fields as typed (an empty optional field clears it). */
export interface ProfileFieldsInput {
  displayName: string;
  firstName: string;
  lastName: string;
  bio: string;
}

export type ProfileFieldErrors = Partial<Record<keyof ProfileFieldsInput, string>>;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Lengths in code points, as the server counts them: an emoji counts once. */
const length = (value: string): number => [...value.trim()].length;

/**
 * What the server would refuse, field by field, in its words: the display
 * name is required, and every field is measured after trimming.
 */
export function validateProfileFields(values: ProfileFieldsInput): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  const displayName = values.displayName.trim();
  if (displayName.length === 0) errors.displayName = 'Display name is required';
  else if (length(displayName) > DISPLAY_NAME_MAX_LENGTH) {
    errors.displayName = tooLong('Display name', DISPLAY_NAME_MAX_LENGTH);
  }
  if (length(values.firstName) > NAME_MAX_LENGTH) {
    errors.firstName = tooLong('First name', NAME_MAX_LENGTH);
  }
  if (length(values.lastName) > NAME_MAX_LENGTH) {
    errors.lastName = tooLong('Last name', NAME_MAX_LENGTH);
  }
  if (length(values.bio) > BIO_MAX_LENGTH) errors.bio = tooLong('Bio', BIO_MAX_LENGTH);
  return errors;
}
