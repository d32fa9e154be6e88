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
  it('gives back what was remembered for a key, and nothing once forgotten', () => {
    const memos = new PromptMemos();
    memos.remember('a', memo('system a'));
    expect(memos.get('a')).toMatchObject({ system: 'system a', history: memo('').history });
    expect(memos.get('b')).toBeUndefined();
    memos.forget('a');
    expect(memos.get('a')).toBeUndefined();
    expect(memos.size).toBe(0);
  });

  it('keeps only the newest messages a prompt carries', () => {
    const memos = new PromptMemos();
    memos.remember('a', memo('s', HISTORY_MESSAGES + 5));
    const history = memos.get('a')!.history;
    expect(history).toHaveLength(HISTORY_MESSAGES);
    expect(history[0]!.content).toBe('turn 5');
    expect(history.at(-1)!.content).toBe(`turn ${HISTORY_MESSAGES + 4}`);
  });

  it('forgets a prompt left unused for ten minutes', () => {
    const memos = new PromptMemos();
    memos.remember('a', memo('s'), 0);
    expect(memos.get('a', 10 * 60_000)).toBeDefined();
    expect(memos.get('a', 20 * 60_000 + 1)).toBeUndefined();
    expect(memos.size).toBe(0);
  });

  it('drops the least recently used prompts past 500', () => {
    const memos = new PromptMemos();
    for (let i = 0; i < 501; i++) memos.remember(`k${i}`, memo(`s${i}`));
    expect(memos.size).toBe(500);
    expect(memos.get('k0')).toBeUndefined();
    // A prompt read is used: the next one dropped is the oldest unread.
    expect(memos.get('k1')).toBeDefined();
    memos.remember('k501', memo('s501'));
    expect(memos.get('k1')).toBeDefined();
    expect(memos.get('k2')).toBeUndefined();
  });

  it('holds at most four million characters, and no single prompt over half a million', () => {
    const memos = new PromptMemos();
    memos.remember('huge', memo('x'.repeat(500_001)));
    expect(memos.get('huge')).toBeUndefined();
    const large = 'y'.repeat(450_000);
    for (let i = 0; i < 9; i++) memos.remember(`k${i}`, memo(`${large}${i}`));
    // Nine of 450,000 characters (and their history) are over four million: the oldest went.
    expect(memos.size).toBe(8);
    expect(memos.get('k0')).toBeUndefined();
    expect(memos.get('k8')?.system.endsWith('8')).toBe(true);
  });

  it('replaces a key remembered again, counting its size once', () => {
    const memos = new PromptMemos();
    const large = 'z'.repeat(450_000);
    for (let i = 0; i < 20; i++) memos.remember('same', memo(large));
    memos.remember('other', memo(large));
    expect(memos.size).toBe(2);
    expect(memos.get('same')).toBeDefined();
  });
});
