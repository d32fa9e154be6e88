import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { type CitationResolver, citationParts, linkCitations } from '../../../shared/citations';

/**
 * An answer's Markdown, safe to render while it streams (react-markdown builds React elements, never
 * raw HTML). Citations like [01:15] or [V2 14:05] become links opening the video at that second.
 */
export const Markdown = memo(function Markdown({
  text,
  citations,
}: {
  text: string;
  citations: CitationResolver;
}) {
  return (
    <div className="markdown grid gap-3 text-sm leading-relaxed break-words">
      <ReactMarkdown components={components} skipHtml>
        {linkCitations(text, citations)}
      </ReactMarkdown>
    </div>
  );
});

const citesSource = (text: string) => {
  const parts = citationParts(text);
  return parts.length === 1 && typeof parts[0]!.citation?.source === 'number';
};

const components: Components = {
  a: ({ href, title, children }) => (
    <a
      href={href}
      title={title}
      // A [V2 14:05] citation's title names its video and moment: its accessible name too.
      aria-label={typeof children === 'string' && citesSource(children) ? title : undefined}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline underline-offset-2 hover:no-underline"
    >
      {children}
    </a>
  ),
  ul: ({ children }) => <ul className="grid list-disc gap-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="grid list-decimal gap-1 pl-5">{children}</ol>,
  h1: ({ children }) => <h3 className="text-base font-semibold">{children}</h3>,
  h2: ({ children }) => <h3 className="text-base font-semibold">{children}</h3>,
  h3: ({ children }) => <h4 className="font-semibold">{children}</h4>,
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 text-[0.9em]">{children}</code>,
  pre: ({ children }) => <pre className="overflow-x-auto rounded-md bg-muted p-3">{children}</pre>,
  blockquote: ({ children }) => (
    <blockquote className="border-l-2 pl-3 text-muted-foreground">{children}</blockquote>
  ),
};
