import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS } from '../../shared/schemas/consult';
import { messageProblem } from './message-problem';

describe('the message box check', () => {
  it('lets a blank box and a message up to the limit through', () => {
    expect(messageProblem('   ')).toBeUndefined();
    expect(messageProblem('x'.repeat(MAX_MESSAGE_CHARS))).toBeUndefined();
    expect(messageProblem(`  ${'x'.repeat(MAX_MESSAGE_CHARS)}\n`)).toBeUndefined();
  });

  it('names an over-long message in the server’s words', () => {
    expect(messageProblem('x'.repeat(MAX_MESSAGE_CHARS + 1))).toBe(
      'Keep your message under 10,000 characters',
    );
  });

  it('refuses the NUL character the database cannot store', () => {
    expect(messageProblem('a\u0000b')).toBe('Text cannot contain the NUL character (U+0000)');
  });
});
