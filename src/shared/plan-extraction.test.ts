import { describe, expect, it } from 'vitest';
import { citationResolver } from './citations';
import { extractPlanItems } from './plan-extraction';

const resolve = citationResolver({ url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Own video' }, [
  { number: 2, youtubeUrl: 'https://www.youtube.com/watch?v=aBcDeFgHiJk', title: 'Second' },
  { number: 3, youtubeUrl: null, title: 'Pasted, no link' },
]);
const profile = {
  businessName: 'Brightside',
  shortTermGoal: 'Reach 300 subscribers.',
  currentChallenges: 'Costs',
  answerLanguage: 'en',
};

describe('extractPlanItems', () => {
  it('reads the offline model’s own answer: quotes and how-to steps, with their moments', () => {
    const answer = [
      'Here are the moments of this video that matter most for Brightside:',
      '',
      '- [00:05] "Subscriptions smooth out the slow weeks of a bakery."',
      '',
      '**How to use it**',
      '',
      '- Start with the idea at [00:05]: weigh it against your current challenge (costs).',
      '- Pick one step you can test this week toward your goal: reach 300 subscribers.',
    ].join('\n');
    const items = extractPlanItems(answer, resolve, profile, '2030-01-01');
    expect(items).toEqual([
      {
        title: 'Subscriptions smooth out the slow weeks of a bakery',
        why: 'It moves Brightside toward your goal: reach 300 subscribers.',
        dueDate: '2030-01-08',
        moment: { videoId: 'dQw4w9WgXcQ', seconds: 5 },
      },
      {
        title: 'Start with the idea at 00:05',
        why: 'Weigh it against your current challenge (costs). It moves Brightside toward your goal: reach 300 subscribers.',
        dueDate: '2030-01-15',
        moment: { videoId: 'dQw4w9WgXcQ', seconds: 5 },
      },
      {
        title: 'Pick one step you can test this week toward your goal',
        why: 'Reach 300 subscribers.',
        dueDate: '2030-01-22',
        moment: null,
      },
    ]);
  });

  it('takes the first citation of a source of the chat, a transcript pasted without a link too, and cuts long titles and whys', () => {
    const long = `${'word '.repeat(40)}end`;
    const answer = [
      "- [V9 00:05] [V2 01:00] Try the second video's idea",
      "- [V3 00:10] [V2 01:00] Try the pasted talk's idea",
      `- ${long}: ${'why '.repeat(150)}`,
    ].join('\n');
    const [first, pasted, second] = extractPlanItems(answer, resolve, profile, '2030-01-01');
    expect(first!.moment).toEqual({ videoId: 'aBcDeFgHiJk', seconds: 60 });
    expect(pasted!.moment).toEqual({ videoId: null, source: 3, seconds: 10 });
    expect(second!.title.length).toBeLessThanOrEqual(120);
    expect(second!.title.endsWith('…')).toBe(true);
    expect(second!.why.length).toBeLessThanOrEqual(400);
  });

  it('skips repeated and empty list items', () => {
    const items = extractPlanItems('- Do it\n- Do it\n- [00:01]\n- **A**', resolve, profile, '2030-01-01');
    expect(items.map((item) => item.title)).toEqual(['Do it']);
  });

  it('adds its few words in the answer language where it has them, English otherwise', () => {
    const whyIn = (answerLanguage: string, shortTermGoal = profile.shortTermGoal) =>
      extractPlanItems(
        '- Bake a seasonal loaf',
        resolve,
        { ...profile, answerLanguage, shortTermGoal },
        '2030-01-01',
      )[0]!.why;
    expect(whyIn('es')).toBe('Acerca a Brightside a tu objetivo: reach 300 subscribers.');
    expect(whyIn('fr', '')).toBe('Cela répond au défi de Brightside : costs.');
    expect(whyIn('ja')).toBe('It moves Brightside toward your goal: reach 300 subscribers.');
  });
});
