import { describe, expect, it } from 'vitest';
import { PLAN_STATUSES } from '../../../shared/schemas/plan';
import {
  addDays,
  askAboutDraft,
  canReorder,
  dueBucket,
  dueText,
  filtersFromSearch,
  groupByStatus,
  isOpen,
  isOverdue,
  moveId,
  searchFromFilters,
  weeklyBars,
} from './plan-view';

const TODAY = '2026-11-27';

describe('plan view', () => {
  it('adds days across a month end', () => {
    expect(addDays('2026-11-27', 6)).toBe('2026-12-03');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('groups items by status in the page order, each by position, keeping empty groups', () => {
    const items = [
      { id: 'a', status: 'done' as const, position: 2 },
      { id: 'b', status: 'todo' as const, position: 5 },
      { id: 'c', status: 'done' as const, position: 1 },
      { id: 'd', status: 'todo' as const, position: 0 },
    ];
    expect(groupByStatus(items).map((group) => [group.status, group.items.map((item) => item.id)])).toEqual([
      ['todo', ['d', 'b']],
      ['in_progress', []],
      ['done', ['c', 'a']],
      ['dropped', []],
    ]);
  });

  it('calls an open item due before today overdue, and a finished one not', () => {
    expect(PLAN_STATUSES.map((status) => isOpen({ status }))).toEqual([true, true, false, false]);
    expect(isOverdue({ status: 'todo', dueDate: '2026-11-26' }, TODAY)).toBe(true);
    expect(isOverdue({ status: 'in_progress', dueDate: '2026-11-01' }, TODAY)).toBe(true);
    expect(isOverdue({ status: 'todo', dueDate: TODAY }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'done', dueDate: '2026-11-26' }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'dropped', dueDate: '2026-11-26' }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'todo', dueDate: null }, TODAY)).toBe(false);
  });

  it('puts open items in the buckets of the due filter (this week is today and the next six days), done ones in none', () => {
    const bucket = (dueDate: string | null, status: 'todo' | 'done' = 'todo') =>
      dueBucket({ status, dueDate }, TODAY);
    expect(bucket('2026-11-26')).toBe('overdue');
    expect(bucket('2026-11-26', 'done')).toBeNull();
    expect(bucket(TODAY, 'done')).toBeNull();
    expect(bucket(TODAY)).toBe('week');
    expect(bucket('2026-12-03')).toBe('week');
    expect(bucket('2026-12-04')).toBe('later');
    expect(bucket(null)).toBe('none');
  });

  it('says when an item is due', () => {
    expect(dueText({ status: 'todo', dueDate: '2026-11-20' }, TODAY)).toBe('Overdue: due Nov 20, 2026');
    expect(dueText({ status: 'done', dueDate: '2026-11-20' }, TODAY)).toBe('Due Nov 20, 2026');
    expect(dueText({ status: 'todo', dueDate: TODAY }, TODAY)).toBe('Due today');
    expect(dueText({ status: 'todo', dueDate: '2026-11-28' }, TODAY)).toBe('Due tomorrow');
    expect(dueText({ status: 'todo', dueDate: '2027-01-05' }, TODAY)).toBe('Due Jan 5, 2027');
    expect(dueText({ status: 'todo', dueDate: null }, TODAY)).toBeNull();
  });

  it('moves an id one place up or down, and not past either end', () => {
    expect(moveId(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('prefills the follow-up with the item title', () => {
    expect(askAboutDraft('Launch a referral card')).toBe("I'm working on: Launch a referral card");
  });

  it('reads the filters from the address, ignoring values the API would refuse, and writes them back', () => {
    const filters = filtersFromSearch(new URLSearchParams('status=done&video=dQw4w9WgXcQ&due=week'));
    expect(filters).toEqual({ status: 'done', videoId: 'dQw4w9WgXcQ', due: 'week' });
    expect(searchFromFilters(filters).toString()).toBe('status=done&video=dQw4w9WgXcQ&due=week');
    expect(filtersFromSearch(new URLSearchParams('status=finished&video=x&due=soon'))).toEqual({
      status: undefined,
      videoId: undefined,
      due: undefined,
    });
    expect(searchFromFilters({}).toString()).toBe('');
  });

  it('lets a status be reordered only when no filter hides some of its items', () => {
    expect(canReorder({})).toBe(true);
    expect(canReorder({ status: 'todo' })).toBe(true);
    expect(canReorder({ videoId: 'dQw4w9WgXcQ' })).toBe(false);
    expect(canReorder({ due: 'overdue' })).toBe(false);
  });

  it('scales the weekly bars to the busiest week and labels each', () => {
    const bars = weeklyBars([
      { weekStart: '2026-11-16', done: 2 },
      { weekStart: '2026-11-23', done: 4 },
    ]);
    expect(bars.map((bar) => bar.share)).toEqual([0.5, 1]);
    expect(bars[1]!.label).toBe('Week of Nov 23, 2026: 4 done');
    expect(weeklyBars([{ weekStart: '2026-11-23', done: 0 }])[0]!.share).toBe(0);
  });
});
