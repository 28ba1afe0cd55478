import { CommonPasswords } from './common-passwords';

describe(CommonPasswords.name, () => {
  const sut = new CommonPasswords();

  it('holds at least 10,000 passwords', () => {
    expect(sut.size).toBeGreaterThanOrEqual(10_000);
  });

  it.each(['password123', 'qwertyuiop', 'iloveyou', '12345678', 'sunshine'])(
    'knows %s',
    (password) => {
      expect(sut.has(password)).toBe(true);
    },
  );

  it('compares whatever the case', () => {
    expect(sut.has('PassWord123')).toBe(true);
    expect(sut.has('QWERTYUIOP')).toBe(true);
  });

  it('lets an uncommon password through', () => {
    expect(sut.has('analytical engine')).toBe(false);
    expect(sut.has('wave-demo-2026')).toBe(false);
  });
});
