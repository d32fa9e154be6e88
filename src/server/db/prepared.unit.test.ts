import { describe, expect, it } from 'vitest';
import type { Executor } from './client';
import { preparedFor } from './prepared';

describe('prepared queries', () => {
  it('are built once per database, and never shared between databases', () => {
    const built: string[] = [];
    const query = preparedFor((db) => {
      const name = (db as unknown as { name: string }).name;
      built.push(name);
      return { for: name };
    });
    const first = { name: 'first' } as unknown as Executor;
    const second = { name: 'second' } as unknown as Executor;
    expect(query(first)).toEqual({ for: 'first' });
    expect(query(second)).toEqual({ for: 'second' });
    expect(query(first)).toBe(query(first));
    expect(built).toEqual(['first', 'second']);
  });
});
