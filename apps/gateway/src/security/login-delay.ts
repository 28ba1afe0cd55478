export interface LoginDelayPolicy {
  /** Failures in a row that cost nothing. */
  freeFailures: number;
  /** The wait after the first failure past the free ones. */
  baseSeconds: number;
  /** No wait is longer. */
  maxSeconds: number;
}

/**
 * How long one account and one address must wait before their next sign-in,
 * after `failures` failed ones in a row: nothing for the free ones, then the
 * base, doubling with every further failure, up to the maximum.
 */
export function loginDelaySeconds(failures: number, policy: LoginDelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** doublings);
}
