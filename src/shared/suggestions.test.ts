import { describe, expect, it } from 'vitest';
import { keywordsInput, pickInput } from './schemas/suggestions';
import {
  addWeeks,
  dayLabel,
  dedupeKeywords,
  formatDuration,
  isWeekKey,
  keywordSetKey,
  keywordsFromProfile,
  parseDuration,
  weekLabel,
  weekOf,
} from './suggestions';

describe('weeks', () => {
  it('start on Monday, in UTC', () => {
    expect(weekOf(new Date('2026-05-04T00:00:00Z'))).toBe('2026-05-04');
    expect(weekOf(new Date('2026-05-10T23:59:59Z'))).toBe('2026-05-04');
    expect(weekOf(new Date('2026-05-11T00:00:00Z'))).toBe('2026-05-11');
    // Sunday evening in New York is already Monday in UTC.
    expect(weekOf(new Date('2026-05-10T22:30:00-04:00'))).toBe('2026-05-11');
    expect(weekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28');
  });

  it('step by seven days across months and years', () => {
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    expect(addWeeks('2026-03-02', -1)).toBe('2026-02-23');
  });

  it('are keyed by a real Monday', () => {
    expect(isWeekKey('2026-05-04')).toBe(true);
    expect(isWeekKey('2026-05-05')).toBe(false);
    expect(isWeekKey('2026-02-30')).toBe(false);
    expect(isWeekKey('2026-5-4')).toBe(false);
    expect(isWeekKey('monday')).toBe(false);
  });

  it('are labelled by their Monday whatever the viewer’s time zone', () => {
    expect(weekLabel('2026-05-04')).toBe('Week of May 4, 2026');
    expect(dayLabel('2026-12-31')).toBe('Dec 31, 2026');
  });
});

const BAKERY = {
  industry: 'Food and beverage',
  productsServices: 'Sourdough bread, pastries and a weekly subscription box delivered locally',
  currentChallenges: 'Customer acquisition costs are high and churn after the first month',
  businessGoals: {
    shortTerm: 'Reach 300 weekly subscribers',
    longTerm: 'Open a second kitchen and supply cafes',
  },
};

describe('keywords', () => {
  it('are trimmed and kept once whatever their case', () => {
    expect(dedupeKeywords(['  Pricing ', 'pricing', 'PRICING', 'sour  dough', '', '   '])).toEqual([
      'Pricing',
      'sour dough',
    ]);
  });

  it('key a search by their set, not their order or case', () => {
    expect(keywordSetKey(['B', 'a'])).toBe(keywordSetKey(['A', 'b', 'a']));
    expect(keywordSetKey(['a'])).not.toBe(keywordSetKey(['a', 'b']));
  });

  it('come from the profile as short phrases: industry, products, challenges, goals', () => {
    expect(keywordsFromProfile(BAKERY)).toEqual([
      'Food and beverage',
      'Sourdough bread',
      'pastries',
      'weekly subscription box delivered locally',
      'Customer acquisition costs',
      'churn after the first month',
      'Reach 300 weekly subscribers',
      'Open a second kitchen',
      'supply cafes',
    ]);
  });

  it('from the profile are at most 10, each at most 60 characters', () => {
    const long = 'x'.repeat(80);
    const keywords = keywordsFromProfile({
      industry: `Software ${long}`,
      productsServices: Array.from({ length: 15 }, (_, i) => `product number ${i}`).join(', '),
      currentChallenges: '',
      businessGoals: { shortTerm: 'ok', longTerm: '' },
    });
    expect(keywords).toHaveLength(10);
    expect(keywords.every((k) => k.length <= 60)).toBe(true);
    expect(keywords).not.toContain('ok');
  });

  it('as input: at most 10 after dropping duplicates, 60 characters each, never blank', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `topic ${i}`);
    expect(keywordsInput.safeParse({ keywords: eleven }).success).toBe(false);
    expect(keywordsInput.parse({ keywords: [...eleven.slice(0, 10), 'TOPIC 3'] }).keywords).toHaveLength(10);
    expect(keywordsInput.safeParse({ keywords: ['x'.repeat(61)] }).error?.issues[0]?.message).toBe(
      'Keywords can be up to 60 characters',
    );
    expect(keywordsInput.parse({ keywords: [` ${'x'.repeat(60)} `] }).keywords[0]).toHaveLength(60);
    expect(keywordsInput.safeParse({ keywords: ['  '] }).error?.issues[0]?.message).toBe(
      'A keyword cannot be empty',
    );
  });
});

describe('durations', () => {
  it('are written as YouTube shows them', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(0)).toBe('0:00');
  });

  it('are read back from what an admin types', () => {
    expect(parseDuration('4:05')).toBe(245);
    expect(parseDuration(' 1:02:03 ')).toBe(3723);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('4:61')).toBeNull();
    expect(parseDuration('1:60:00')).toBeNull();
    expect(parseDuration('four minutes')).toBeNull();
  });
});

describe('a pick', () => {
  const valid = {
    url: 'https://youtu.be/dQw4w9WgXcQ',
    week: '2026-05-04',
    title: 'Pricing',
    note: 'Clear on premium tiers',
  };

  it('needs a link with an 11-character video id, a Monday, a title and a reason', () => {
    expect(pickInput.parse(valid)).toMatchObject({ channel: '', duration: '', tags: [] });
    expect(pickInput.safeParse({ ...valid, url: 'https://youtu.be/short' }).error?.issues[0]?.message).toBe(
      'Invalid YouTube URL',
    );
    expect(pickInput.safeParse({ ...valid, week: '2026-05-05' }).success).toBe(false);
    expect(pickInput.safeParse({ ...valid, title: '  ' }).success).toBe(false);
    expect(pickInput.safeParse({ ...valid, note: '' }).success).toBe(false);
  });

  it('refuses a tag given twice, an image that is not https and a length it cannot read', () => {
    expect(pickInput.safeParse({ ...valid, tags: ['Pricing', 'pricing'] }).success).toBe(false);
    expect(pickInput.safeParse({ ...valid, thumbnailUrl: 'http://example.com/a.jpg' }).success).toBe(false);
    expect(pickInput.safeParse({ ...valid, duration: 'long' }).success).toBe(false);
  });
});
