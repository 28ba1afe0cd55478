/**
 * The sign-up form's limits as `libs/contracts` (user.contract.ts,
 * `registerRequestSchema`) states them, with its messages. Mirrored here because
 * a runtime import of the contracts would bundle zod and every schema into the
 * client; sign-up-limits.spec.ts fails if they drift. Whether a password is too
 * common is for identity to say: its list stays out of the bundle.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The sign-up form's fields as typed. */
export interface SignUpInput {
  displayName: string;
  username: string;
  email: string;
  password: string;
}

export type SignUpField = keyof SignUpInput;
export type SignUpFieldErrors = Partial<Record<SignUpField, string>>;

/** In the form's order, with the name the server's messages begin with. */
export const SIGN_UP_FIELDS: readonly { name: SignUpField; label: string }[] = [
  { name: 'displayName', label: 'Display name' },
  { name: 'username', label: 'Username' },
  { name: 'email', label: 'Email' },
  { name: 'password', label: 'Password' },
];

/**
 * What the server would refuse before looking anything up, field by field, in
 * its words: every field is required (names and email after trimming; the
 * password as typed), and the password's length.
 */
export function validateSignUp(values: SignUpInput): SignUpFieldErrors {
  const errors: SignUpFieldErrors = {};
  for (const { name, label } of SIGN_UP_FIELDS) {
    const value = name === 'password' ? values[name] : values[name].trim();
    if (value.length === 0) errors[name] = `${label} is required`;
  }
  if (!errors.password && values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  } else if (values.password.length > PASSWORD_MAX_LENGTH) {
    errors.password = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  return errors;
}

/**
 * The field a server refusal is about: the one its message names first, as a word ("Password is
 * too common; …", "Username is already taken", "An account with this email already exists");
 * none for a refusal about no field ("Too many sign-ups from this address…").
 */
export function fieldOfServerMessage(message: string): SignUpField | null {
  const text = message.toLowerCase();
  let found: { name: SignUpField; at: number } | null = null;
  for (const { name, label } of SIGN_UP_FIELDS) {
    const at = text.search(new RegExp(`\\b${label.toLowerCase()}\\b`));
    if (at >= 0 && (found === null || at < found.at)) found = { name, at };
  }
  return found?.name ?? null;
}
