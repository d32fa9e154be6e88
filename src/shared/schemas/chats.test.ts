import { describe, expect, it } from 'vitest';
import { chatDisplayTitle, HIGHLIGHT_END, HIGHLIGHT_START, splitHighlights } from './chats';

describe('search snippets', () => {
  const mark = (word: string) => `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}`;

  it('splits a snippet into plain and highlighted parts', () => {
    expect(splitHighlights(`we ${mark('price')} the ${mark('offer')}.`)).toEqual([
      { text: 'we ', highlighted: false },
      { text: 'price', highlighted: true },
      { text: ' the ', highlighted: false },
      { text: 'offer', highlighted: true },
      { text: '.', highlighted: false },
    ]);
  });

  it('keeps markup as text and survives an unclosed mark', () => {
    expect(splitHighlights('<b>hi</b>')).toEqual([{ text: '<b>hi</b>', highlighted: false }]);
    expect(splitHighlights(`a ${HIGHLIGHT_START}b`)).toEqual([
      { text: 'a ', highlighted: false },
      { text: 'b', highlighted: true },
    ]);
    expect(splitHighlights('')).toEqual([]);
  });

  it('names a chat without a title Untitled Chat', () => {
    expect(chatDisplayTitle(null)).toBe('Untitled Chat');
    expect(chatDisplayTitle('  ')).toBe('Untitled Chat');
    expect(chatDisplayTitle('Pricing ideas')).toBe('Pricing ideas');
  });
});
