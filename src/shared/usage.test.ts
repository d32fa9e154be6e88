import { describe, expect, it } from 'vitest';
import { isUsageExceeded, usageLevel, usagePercent } from './usage';

describe('usage limits', () => {
  it('is exceeded when the limit is below usage', () => {
    expect(isUsageExceeded(30_000, 29_999)).toBe(false);
    expect(isUsageExceeded(30_000, 30_000)).toBe(false);
    expect(isUsageExceeded(30_000, 30_001)).toBe(true);
    expect(isUsageExceeded('unlimited', 10 ** 12)).toBe(false);
    expect(isUsageExceeded('unknown', 0)).toBe(true);
  });

  it('colours the bar: normal to 90 %, warning to 100 %, exceeded above', () => {
    expect(usageLevel(usagePercent(27_000, 30_000))).toBe('normal');
    expect(usageLevel(usagePercent(27_001, 30_000))).toBe('warning');
    expect(usageLevel(usagePercent(30_000, 30_000))).toBe('warning');
    expect(usageLevel(usagePercent(30_001, 30_000))).toBe('exceeded');
    expect(usagePercent(5_000_000, null)).toBe(0);
    expect(usageLevel(usagePercent(1, 0))).toBe('exceeded');
  });
});
