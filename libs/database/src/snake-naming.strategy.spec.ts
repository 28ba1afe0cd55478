import { SnakeNamingStrategy } from './snake-naming.strategy';
import { isUniqueViolation } from './data-source';

describe(SnakeNamingStrategy.name, () => {
  const sut = new SnakeNamingStrategy();

  it('names tables after the entity class without its suffix', () => {
    expect(sut.tableName('UserEntity', undefined)).toBe('user');
    expect(sut.tableName('OutboxEventEntity', undefined)).toBe('outbox_event');
    expect(sut.tableName('UserEntity', 'users')).toBe('users');
  });

  it('snake-cases columns, including embedded prefixes', () => {
    expect(sut.columnName('displayName', undefined, [])).toBe('display_name');
    expect(sut.columnName('profileImageURL', undefined, [])).toBe('profile_image_url');
    expect(sut.columnName('count', undefined, ['followers'])).toBe('followers_count');
    expect(sut.columnName('x', 'createdAt', [])).toBe('created_at');
  });
});

describe(isUniqueViolation.name, () => {
  it('recognises a unique violation, by constraint when asked', () => {
    const error = { driverError: { code: '23505', constraint: 'uq_users_email' } };
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'uq_users_email')).toBe(true);
    expect(isUniqueViolation(error, 'uq_users_username')).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
