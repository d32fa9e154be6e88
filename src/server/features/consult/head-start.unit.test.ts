import { describe, expect, it } from 'vitest';
import { type PromptMemo, PromptMemos } from './head-start';
import { HISTORY_MESSAGES } from './prompt';

const memo = (system: string, turns = 2): PromptMemo => ({
  modelId: 'gpt-4o-mini',
  system,
  history: Array.from({ length: turns }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `turn ${i}`,
  })),
});

describe('PromptMemos', () => {
  it('gives what was remembered for a key once: taken, it is gone until remembered again', () => {
    const memos = new PromptMemos();
    memos.remember('a', memo('system a'));
    expect(memos.take('b')).toBeUndefined();
    expect(memos.take('a')).toMatchObject({ system: 'system a', history: memo('').history });
    expect(memos.take('a')).toBeUndefined();
    expect(memos.size).toBe(0);
    memos.remember('a', memo('system a, later'));
    expect(memos.take('a')?.system).toBe('system a, later');
  });

  it('keeps only the newest messages a prompt carries', () => {
    const memos = new PromptMemos();
    memos.remember('a', memo('s', HISTORY_MESSAGES + 5));
    const history = memos.take('a')!.history;
    expect(history).toHaveLength(HISTORY_MESSAGES);
    expect(history[0]!.content).toBe('turn 5');
    expect(history.at(-1)!.content).toBe(`turn ${HISTORY_MESSAGES + 4}`);
  });

  it('gives nothing for a prompt remembered over ten minutes ago', () => {
    const memos = new PromptMemos();
    memos.remember('fresh', memo('s'), 0);
    memos.remember('stale', memo('s'), 0);
    expect(memos.take('fresh', 10 * 60_000)).toBeDefined();
    expect(memos.take('stale', 10 * 60_000 + 1)).toBeUndefined();
    expect(memos.size).toBe(0);
  });

  it('drops the oldest prompts past 500', () => {
    const memos = new PromptMemos();
    for (let i = 0; i < 501; i++) memos.remember(`k${i}`, memo(`s${i}`));
    expect(memos.size).toBe(500);
    expect(memos.take('k0')).toBeUndefined();
    // Remembered again, a key is the newest: the next one dropped is the oldest other.
    memos.remember('k1', memo('s1 again'));
    memos.remember('k501', memo('s501'));
    expect(memos.take('k2')).toBeUndefined();
    expect(memos.take('k1')?.system).toBe('s1 again');
  });

  it('holds at most four million characters, and no single prompt over half a million', () => {
    const memos = new PromptMemos();
    memos.remember('huge', memo('x'.repeat(500_001)));
    expect(memos.take('huge')).toBeUndefined();
    const large = 'y'.repeat(450_000);
    for (let i = 0; i < 9; i++) memos.remember(`k${i}`, memo(`${large}${i}`));
    // Nine of 450,000 characters (and their history) are over four million: the oldest went.
    expect(memos.size).toBe(8);
    expect(memos.take('k0')).toBeUndefined();
    expect(memos.take('k8')?.system.endsWith('8')).toBe(true);
  });

  it('counts a key remembered again once, and a taken one not at all', () => {
    const memos = new PromptMemos();
    const large = 'z'.repeat(450_000);
    for (let i = 0; i < 20; i++) memos.remember('same', memo(large));
    for (let i = 0; i < 20; i++) {
      memos.remember('taken', memo(large));
      memos.take('taken');
    }
    for (let i = 0; i < 7; i++) memos.remember(`k${i}`, memo(large));
    // 8 × 450,000 characters fit: nothing was dropped for the repeats.
    expect(memos.size).toBe(8);
    expect(memos.take('same')).toBeDefined();
  });
});
