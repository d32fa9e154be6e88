import { describe, expect, it } from 'vitest';
import { draftProblems, hasProblems, toDrafts, toNewItems } from './proposal-review';

const MOMENT = {
  videoId: 'dQw4w9WgXcQ',
  source: null,
  seconds: 42,
  label: '00:42',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
  videoTitle: 'Growing a bakery',
};

const proposal = [
  { title: 'Start a referral card', why: 'Cuts acquisition costs', dueDate: '2026-12-04', moment: MOMENT },
  { title: 'Test a premium tier', why: '', dueDate: null, moment: null },
];

describe('proposal review', () => {
  it('starts with every proposed item kept, a missing due date as an empty field', () => {
    const drafts = toDrafts(proposal);
    expect(drafts.map((draft) => [draft.keep, draft.dueDate])).toEqual([
      [true, '2026-12-04'],
      [true, ''],
    ]);
  });

  it('sends only the kept items with their place in the proposal, titles trimmed, moments without their display fields', () => {
    const [first, second] = toDrafts(proposal);
    const items = toNewItems([
      { ...first!, title: '  Launch the card  ' },
      { ...second!, keep: false },
    ]);
    expect(items).toEqual([
      {
        step: 0,
        title: 'Launch the card',
        why: 'Cuts acquisition costs',
        dueDate: '2026-12-04',
        moment: { videoId: 'dQw4w9WgXcQ', seconds: 42 },
      },
    ]);
    expect(toNewItems([{ ...first!, keep: false }, second!]).map((item) => item.step)).toEqual([1]);
  });

  it('names a blank title or a due date before 2000 on kept items only', () => {
    const [first] = toDrafts(proposal);
    const blank = { ...first!, title: '   ', dueDate: '1999-12-31' };
    expect(draftProblems(blank).title).toBeTruthy();
    expect(draftProblems(blank).dueDate).toBeTruthy();
    expect(hasProblems([blank])).toBe(true);
    expect(hasProblems([{ ...blank, keep: false }])).toBe(false);
    expect(hasProblems(toDrafts(proposal))).toBe(false);
    expect(draftProblems({ ...first!, title: 'x'.repeat(121) }).title).toMatch(/120/);
  });
});
