import { describe, expect, it } from 'vitest';
import { planCalendar } from './plan';
import { isTimeZone, localDay, zonedTime } from './time-zones';

describe('time zones', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus_Mons', 'Pacific time', '', '../etc/passwd'])
      expect(isTimeZone(bad)).toBe(false);
  });

  it('gives the local day, and the moment a local hour happens across a daylight-saving change', () => {
    expect(localDay(new Date('2026-11-28T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-27');
    expect(localDay(new Date('2026-11-28T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-28');
    expect(zonedTime('2026-03-07', 'America/New_York', 8).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(zonedTime('2026-03-08', 'America/New_York', 8).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(zonedTime('2026-11-30', 'Asia/Kolkata').toISOString()).toBe('2026-11-29T18:30:00.000Z');
  });

  it('counts the plan’s days, month and chart weeks from local midnights', () => {
    const calendar = planCalendar(new Date('2026-12-01T02:00:00Z'), 'America/Chicago');
    expect(calendar).toMatchObject({ today: '2026-11-30', weekEnd: '2026-12-06', firstWeek: '2026-09-14' });
    expect(calendar.monthStart.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(calendar.weeksFrom.toISOString()).toBe('2026-09-14T05:00:00.000Z');
  });
});
