import {
  isReservedUsername,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './user.contract';

describe('user contracts', () => {
  const valid = {
    displayName: ' Ada ',
    username: 'ada_1',
    email: ' Ada@Example.TEST ',
    password: ' pass word ',
  };

  it('normalises a registration: trims names, lowercases the email, keeps the password as typed', () => {
    expect(registerRequestSchema.parse(valid)).toEqual({
      displayName: 'Ada',
      username: 'ada_1',
      email: 'ada@example.test',
      password: ' pass word ',
    });
  });

  it('drops unknown registration fields instead of storing them', () => {
    expect(registerRequestSchema.parse({ ...valid, verified: true })).not.toHaveProperty(
      'verified',
    );
  });

  it('names the first problem of a registration', () => {
    const result = registerRequestSchema.safeParse({ ...valid, username: 'no spaces' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Username must be 3 to 30 characters: letters, digits and underscores only',
    );
  });

  it('asks at least 8 characters of a new password', () => {
    const refused = registerRequestSchema.safeParse({ ...valid, password: '7 chars' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(registerRequestSchema.safeParse({ ...valid, password: '8 chars!' }).success).toBe(true);
  });

  it('still takes a shorter password at sign-in (accounts from before the 8-character rule)', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.c', password: 'abc123' })).toEqual({
      email: 'a@b.c',
      password: 'abc123',
    });
  });

  it('accepts any non-empty email at sign-in and lowercases it', () => {
    expect(loginRequestSchema.parse({ email: ' A@B.C ', password: 'x' })).toEqual({
      email: 'a@b.c',
      password: 'x',
    });
  });

  it('turns empty optional profile fields into null and refuses unknown ones', () => {
    expect(updateProfileRequestSchema.parse({ bio: '  ', firstName: 'Ada' })).toEqual({
      bio: null,
      firstName: 'Ada',
    });
    expect(updateProfileRequestSchema.safeParse({ email: 'x@y.z' }).error?.issues[0]?.message).toBe(
      'Only displayName, firstName, lastName and bio can be changed here (got "email")',
    );
  });

  it('reserves route-like names whatever their case', () => {
    expect(isReservedUsername('Profile')).toBe(true);
    expect(isReservedUsername('ada')).toBe(false);
  });
});
