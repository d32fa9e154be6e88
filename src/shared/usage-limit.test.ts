import { describe, expect, it } from 'vitest';
import { isUsageExceeded } from './usage-limit';

describe('usage limit', () => {
  it.each([
    [{ role: 'user' as const, monthlyTokenLimit: 30_000, tokensThisMonth: 30_000 }, false],
    [{ role: 'user' as const, monthlyTokenLimit: 30_000, tokensThisMonth: 30_001 }, true],
    [{ role: 'user' as const, monthlyTokenLimit: null, tokensThisMonth: 9_999_999 }, false],
    [{ role: 'user' as const, monthlyTokenLimit: undefined, tokensThisMonth: 0 }, true],
    [{ role: 'admin' as const, monthlyTokenLimit: undefined, tokensThisMonth: 99 }, false],
    [{ role: 'super_admin' as const, monthlyTokenLimit: 10, tokensThisMonth: 99 }, false],
  ])('%o → exceeded %s', (input, exceeded) => {
    expect(isUsageExceeded(input)).toBe(exceeded);
  });
});
