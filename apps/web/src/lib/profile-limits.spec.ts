import * as contracts from '@wave/contracts';
import type { ProfileFieldErrors, ProfileFieldsInput } from './profile-limits';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  validateProfileFields,
} from './profile-limits';

const valid: ProfileFieldsInput = {
  displayName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Poetical science.',
};

/** What the contract's own schema says about the same values, field by field. */
function contractErrors(values: ProfileFieldsInput): ProfileFieldErrors {
  const result = contracts.updateProfileRequestSchema.safeParse(values);
  const errors: ProfileFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ProfileFieldsInput;
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('profile limits', () => {
  it('mirror the contract', () => {
    expect(DISPLAY_NAME_MAX_LENGTH).toBe(contracts.DISPLAY_NAME_MAX_LENGTH);
    expect(NAME_MAX_LENGTH).toBe(contracts.NAME_MAX_LENGTH);
    expect(BIO_MAX_LENGTH).toBe(contracts.BIO_MAX_LENGTH);
  });

  it.each<[string, Partial<ProfileFieldsInput>]>([
    ['a valid profile', {}],
    ['empty optional fields', { firstName: '', lastName: '', bio: '' }],
    ['a blank display name', { displayName: '   ' }],
    ['a display name at the limit', { displayName: 'd'.repeat(50) }],
    ['a display name over the limit', { displayName: 'd'.repeat(51) }],
    ['a display name of 50 emoji', { displayName: '🌊'.repeat(50) }],
    ['a bio of 161 emoji', { bio: '🌊'.repeat(161) }],
    ['padding around a display name at the limit', { displayName: `  ${'d'.repeat(50)}  ` }],
    ['a first name over the limit', { firstName: 'f'.repeat(51) }],
    ['a last name over the limit', { lastName: 'l'.repeat(51) }],
    ['a bio at the limit', { bio: 'b'.repeat(160) }],
    ['a bio over the limit', { bio: 'b'.repeat(161) }],
    ['everything wrong', { displayName: '', firstName: 'f'.repeat(60), bio: 'b'.repeat(200) }],
  ])('judge %s as the contract does', (_case, overrides) => {
    const values = { ...valid, ...overrides };
    expect(validateProfileFields(values)).toEqual(contractErrors(values));
  });
});
