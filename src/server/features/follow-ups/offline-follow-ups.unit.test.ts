import { describe, expect, it } from 'vitest';
import { answerUsed, offlineFollowUps, parseFollowUps } from './offline-follow-ups';

const passage = (startSeconds: number | null, text: string) => ({ startSeconds, text });

describe('offline follow-ups', () => {
  it('counts a passage as used when the answer cites its moment or quotes most of it', () => {
    const loyalty = passage(70, 'A loyalty card with a free loaf after ten visits brings regulars back.');
    expect(answerUsed('Try the card [01:10].', loyalty)).toBe(true);
    expect(
      answerUsed('"A loyalty card with a free loaf after ten visits brings regulars back."', loyalty),
    ).toBe(true);
    expect(answerUsed('Raise your prices [00:05].', loyalty)).toBe(false);
    expect(answerUsed('See [V2 01:10].', loyalty)).toBe(true);
  });

  it('asks about up to three unused passages, in the order given, never twice the same', () => {
    const passages = [
      passage(5, 'Raise the price of your sourdough boxes every spring.'),
      passage(70, 'A loyalty card brings regulars back each week.'),
      passage(80, 'A loyalty card brings regulars back each week.'),
      passage(140, 'Sell gift boxes to local companies in December.'),
      passage(210, 'Ok.'),
      passage(280, 'Train a second baker to open on Sundays.'),
      passage(350, 'Host a monthly bread class for families.'),
    ];
    expect(offlineFollowUps('Raise your prices [00:05].', passages)).toEqual([
      'What does the video say about “A loyalty card brings regulars back each week”?',
      'What does the video say about “Sell gift boxes to local companies in December”?',
      'What does the video say about “Train a second baker to open on Sundays”?',
    ]);
    // In the answer language where it has the words; the passage is quoted as the video says it.
    expect(offlineFollowUps('Raise your prices [00:05].', passages, 'es')[0]).toBe(
      '¿Qué dice el vídeo sobre «A loyalty card brings regulars back each week»?',
    );
    expect(offlineFollowUps('Raise your prices [00:05].', passages, 'ko')[0]).toBe(
      'What does the video say about “A loyalty card brings regulars back each week”?',
    );
    expect(offlineFollowUps('Everything [00:05] [01:10] [01:20] [02:20] [04:40] [05:50]', passages)).toEqual(
      [],
    );
  });
});

describe('parsing a model’s follow-ups', () => {
  it('keeps short questions one a line, without numbering or bullets, at most three', () => {
    expect(
      parseFollowUps(
        [
          'Here are some ideas:',
          '1. How should I price gift boxes?',
          '2) How should I price gift boxes?',
          '- Can I open on Sundays?',
          '* What does a bread class cost to run?',
          `• ${'Why '.repeat(40)}?`,
          'Which supplier first?',
        ].join('\n'),
      ),
    ).toEqual([
      'How should I price gift boxes?',
      'Can I open on Sundays?',
      'What does a bread class cost to run?',
    ]);
    expect(parseFollowUps('No questions here.')).toEqual([]);
    // Questions in the answer languages' scripts end in their own marks.
    expect(
      parseFollowUps('如何为面包订阅盒定价才合适？\nكيف أسعّر صناديق الخبز؟\n¿Cómo fidelizo a mis clientes?'),
    ).toEqual(['如何为面包订阅盒定价才合适？', 'كيف أسعّر صناديق الخبز؟', '¿Cómo fidelizo a mis clientes?']);
  });
});
