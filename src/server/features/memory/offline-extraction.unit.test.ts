import { describe, expect, it } from 'vitest';
import { offlineMemories } from './offline-extraction';

describe('what the offline model remembers of a message', () => {
  it('keeps the user’s own sentences about their business, classed, and drops questions and chatter', () => {
    const found = offlineMemories(
      'We lost two clients after raising prices. Thanks for the answer! How should I handle referrals? ' +
        "I can't hire before March.\nWe decided to stop wholesale. Our best channel is referrals. Nice video.",
    );
    expect(found).toEqual([
      { statement: 'We lost two clients after raising prices.', kind: 'fact' },
      { statement: "I can't hire before March.", kind: 'constraint' },
      { statement: 'We decided to stop wholesale.', kind: 'decision' },
      { statement: 'Our best channel is referrals.', kind: 'fact' },
    ]);
  });

  it('keeps a sentence with a number and nothing over 300 characters', () => {
    expect(offlineMemories('Margins are 12 percent on boxes.')).toEqual([
      { statement: 'Margins are 12 percent on boxes.', kind: 'fact' },
    ]);
    expect(offlineMemories(`We ${'really '.repeat(60)}sell bread.`)).toEqual([]);
    expect(offlineMemories('What do you think?')).toEqual([]);
  });
});
