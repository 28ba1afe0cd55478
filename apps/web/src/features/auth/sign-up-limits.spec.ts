import * as contracts from '@wave/contracts';
import type { SignUpFieldErrors, SignUpInput } from './sign-up-limits';
import {
  fieldOfServerMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateSignUp,
} from './sign-up-limits';

const valid: SignUpInput = {
  displayName: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.test',
  password: 'analytical engine',
};

/** What the contract's own schema says about the same values, field by field. */
function contractErrors(values: SignUpInput): SignUpFieldErrors {
  const result = contracts.registerRequestSchema.safeParse(values);
  const errors: SignUpFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SignUpInput;
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('sign-up limits', () => {
  it('mirror the contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contracts.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(contracts.PASSWORD_MAX_LENGTH);
  });

  it.each<[string, Partial<SignUpInput>]>([
    ['a valid sign-up', {}],
    ['a blank display name', { displayName: '   ' }],
    ['no username', { username: '' }],
    ['a blank email', { email: '  ' }],
    ['no password', { password: '' }],
    ['a password one short of the minimum', { password: 'p'.repeat(PASSWORD_MIN_LENGTH - 1) }],
    ['a password at the minimum', { password: 'p'.repeat(PASSWORD_MIN_LENGTH) }],
    ['spaces counted in a password', { password: '  abc   ' }],
    ['a password at the maximum', { password: 'p'.repeat(PASSWORD_MAX_LENGTH) }],
    ['a password over the maximum', { password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) }],
    ['everything missing', { displayName: '', username: '', email: '', password: '' }],
  ])('judge %s as the contract does', (_case, overrides) => {
    const values = { ...valid, ...overrides };
    expect(validateSignUp(values)).toEqual(contractErrors(values));
  });

  it.each([
    ['Password is too common; choose one that is harder to guess', 'password'],
    ['Password must be at least 8 characters', 'password'],
    ['Username is already taken', 'username'],
    ['Display name must be at most 50 characters', 'displayName'],
    ['Email must be a valid email address', 'email'],
    ['An account with this email already exists', 'email'],
    ['Username must be 3 to 30 characters: letters, digits and underscores only', 'username'],
    ['The email or username is taken', 'email'],
    ['Emails are checked later', null],
    ['Too many sign-ups from this address. Try again in 60 seconds.', null],
  ])('places the server message %p under %p', (message, field) => {
    expect(fieldOfServerMessage(message)).toBe(field);
  });
});
