import type { LoginDelayPolicy } from './login-delay';
import { loginDelaySeconds } from './login-delay';

describe(loginDelaySeconds.name, () => {
  const policy: LoginDelayPolicy = { freeFailures: 5, baseSeconds: 1, maxSeconds: 900 };
  const sut = (failures: number) => loginDelaySeconds(failures, policy);

  it('lets the free failures through at once', () => {
    expect([0, 1, 2, 3, 4].map(sut)).toEqual([0, 0, 0, 0, 0]);
  });

  it('then doubles the wait with every failure', () => {
    expect([5, 6, 7, 8, 9, 10].map(sut)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('never waits longer than the maximum', () => {
    expect([14, 15, 16, 100, 10_000].map(sut)).toEqual([512, 900, 900, 900, 900]);
  });

  it('follows its own settings', () => {
    const strict = { freeFailures: 2, baseSeconds: 30, maxSeconds: 60 };
    expect([1, 2, 3, 4].map((failures) => loginDelaySeconds(failures, strict))).toEqual([
      0, 30, 60, 60,
    ]);
  });
});
