import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { questions } from './library.mjs';

const WORDS = Array.from({ length: 3_000 }, (_, rank) => `word${rank}`);
const passage = (config: string, first: number) => ({
  config,
  text: Array.from({ length: 20 }, (_, i) => `word${first + i}`).join(' '),
});

describe('bench/library.mjs', () => {
  it('asks every question it times of a library smaller than its questions, about its own passages', () => {
    const passages = [passage('english', 200), passage('spanish', 400), passage('german', 600)];
    const asked = questions(WORDS, passages, 210);
    expect(asked).toHaveLength(210);
    expect(asked.filter((question) => question.includes('undefined'))).toEqual([]);
    expect(asked[3]).toMatch(/^How should I word2\d\d the word2\d\d of my business/);
    expect(asked[4]).toMatch(/^¿Cómo debería word4\d\d el word4\d\d/);
  });

  it('refuses a library of no videos, naming its setting', () => {
    const run = spawnSync(process.execPath, ['bench/library.mjs'], {
      env: { ...process.env, BENCH_LIBRARY_VIDEOS: '0' },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('BENCH_LIBRARY_VIDEOS must be a whole number of videos, 1 or more (got 0)');
  });
});
