import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDate, monthKey, monthLabel } from './dates';

describe('dates', () => {
  const morning = new Date(2026, 0, 5, 9, 7);
  const evening = new Date(2026, 10, 21, 21, 45);
  const midnight = new Date(2026, 2, 1, 0, 3);
  const noon = new Date(2026, 2, 1, 12, 0);

  it('formats MM/DD/YYYY', () => {
    expect(formatDate(morning)).toBe('01/05/2026');
    expect(formatDate(evening)).toBe('11/21/2026');
  });

  it('formats MM/DD/YYYY hh:mm A on a 12-hour clock', () => {
    expect(formatDateTime(morning)).toBe('01/05/2026 09:07 AM');
    expect(formatDateTime(evening)).toBe('11/21/2026 09:45 PM');
    expect(formatDateTime(midnight)).toBe('03/01/2026 12:03 AM');
    expect(formatDateTime(noon)).toBe('03/01/2026 12:00 PM');
  });

  it('formats MMM D, YYYY', () => {
    expect(formatShortDate(morning)).toBe('Jan 5, 2026');
  });

  it('keys months in UTC and labels them MMMM YYYY', () => {
    expect(monthKey(new Date(Date.UTC(2026, 10, 30, 23, 59)))).toBe('2026-11');
    expect(monthKey(new Date(Date.UTC(2026, 11, 1, 0, 0)))).toBe('2026-12');
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(() => monthLabel('2026-13')).toThrow();
  });
});
