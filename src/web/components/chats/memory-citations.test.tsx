import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { citationResolver } from '../../../shared/citations';
import { Markdown } from './markdown';
import { MemoryCitations, type MemoryResolver } from './memory-citations';

const citations = citationResolver({ url: null, title: 'Pricing talk' }, []);
const memories: MemoryResolver = (number) =>
  number === 3
    ? { statement: 'We lost two clients after raising prices', source: 'From a consultation' }
    : null;

const render = (text: string, resolve: MemoryResolver | null) =>
  renderToStaticMarkup(
    createElement(MemoryCitations.Provider, { value: resolve }, createElement(Markdown, { text, citations })),
  );

describe('an answer’s [M3] citations', () => {
  it('become a chip whose tooltip shows the memory and its source', () => {
    const html = render('Go slowly [M3].', memories);
    expect(html).toMatch(/<button type="button" aria-describedby="([^"]+)"[^>]*>M3<\/button>/);
    expect(html).toContain('role="tooltip"');
    expect(html).toContain('We lost two clients after raising prices');
    expect(html).toContain('From a consultation');
    expect(html).not.toContain('href="#memory-3"');
  });

  it('stay plain text for a memory the user no longer has, a disguised link, or outside the chat page', () => {
    expect(render('Old [M9].', memories)).toContain('Old [M9].');
    expect(render('[M3](https://evil.example)', memories)).not.toContain('<button');
    expect(render('Go slowly [M3].', null)).toContain('Go slowly [M3].');
  });
});
