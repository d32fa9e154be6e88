import { createContext, type MouseEvent, memo, type ReactNode, useContext, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import {
  type Citation,
  type CitationResolver,
  citationLink,
  citationOf,
  citationParts,
  linkCitations,
} from '../../../shared/citations';
import { CitationPlayer } from './citation-player';
import { linkMemoryCitations, MEMORY_HREF_PREFIX, MemoryChip, MemoryCitations } from './memory-citations';

/**
 * An answer's Markdown, safe to render while it streams (react-markdown builds React elements, never
 * raw HTML). Citations like [01:15] or [V2 14:05] become links opening the video at that second (in the
 * player beside the consultation where one is mounted: CitationPlayer).
 * Answers quote transcripts written by strangers, so nothing in them loads from elsewhere: an image
 * becomes a link naming its host, every other link names its real host, and only the links made from
 * the consultation's own citations look like citations.
 */
export const Markdown = memo(function Markdown({
  text,
  citations,
}: {
  text: string;
  citations: CitationResolver;
}) {
  const citationHrefs = useMemo(() => hrefsOfCitations(text, citations), [text, citations]);
  const memories = useContext(MemoryCitations);
  return (
    <div className="markdown grid gap-3 text-sm leading-relaxed break-words">
      <CitationHrefs.Provider value={citationHrefs}>
        <ReactMarkdown components={components} skipHtml>
          {linkMemoryCitations(linkCitations(text, citations), memories)}
        </ReactMarkdown>
      </CitationHrefs.Provider>
    </div>
  );
});

/** The links this answer's own citations lead to: the only links drawn as citations. */
const CitationHrefs = createContext<ReadonlySet<string>>(new Set());
/** Whether we are inside a link already (an image there shows as words: links do not nest). */
const InsideLink = createContext(false);

function hrefsOfCitations(text: string, resolve: CitationResolver): ReadonlySet<string> {
  const hrefs = citationParts(text).map(({ citation }) => citation && citationLink(citation, resolve)?.href);
  return new Set(hrefs.flatMap((href) => (href ? [normalizedHref(href)] : [])));
}

function webUrl(href: string | undefined): URL | null {
  if (!href || !URL.canParse(href)) return null;
  const url = new URL(href);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

const normalizedHref = (href: string) => webUrl(href)?.href ?? href;

const citesSource = (text: string) => {
  const parts = citationParts(text);
  return parts.length === 1 && typeof parts[0]!.citation?.source === 'number';
};

function AnswerLink({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) {
  const citationHrefs = useContext(CitationHrefs);
  const playCitation = useContext(CitationPlayer);
  if (href?.startsWith(MEMORY_HREF_PREFIX)) return <MemoryChip href={href} />;
  const url = webUrl(href);
  // Not a web address (a relative path, mailto:…): its words alone, nothing to follow.
  if (!url) return <>{children}</>;
  if (citationHrefs.has(url.href)) {
    return (
      <InsideLink.Provider value={true}>
        <a
          href={url.href}
          title={title}
          // A [V2 14:05] citation's title names its video and moment: its accessible name too.
          aria-label={typeof children === 'string' && citesSource(children) ? title : undefined}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            if (playCitation && playsHere(event, children, playCitation)) event.preventDefault();
          }}
          className="font-medium text-primary underline underline-offset-2 hover:no-underline"
        >
          {children}
        </a>
      </InsideLink.Provider>
    );
  }
  return <ExternalLink url={url}>{children}</ExternalLink>;
}

/** A plain click on a citation plays it beside the answer; a modified one (new tab, window) opens the link. */
function playsHere(event: MouseEvent, children: ReactNode, play: (citation: Citation) => boolean): boolean {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  const citation = typeof children === 'string' ? citationOf(children) : null;
  return citation !== null && play(citation);
}

/** A link from the answer's text: plain, with the host it really leads to shown beside its words. */
function ExternalLink({ url, children }: { url: URL; children: ReactNode }) {
  return (
    <InsideLink.Provider value={true}>
      <a
        href={url.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="underline underline-offset-2 hover:no-underline"
      >
        {children} <span className="text-muted-foreground">({url.host})</span>
      </a>
    </InsideLink.Provider>
  );
}

/** An image in an answer is never loaded: a link to it, named by its alt text and host. */
function AnswerImage({ src, alt }: { src?: string | Blob; alt?: string }) {
  const insideLink = useContext(InsideLink);
  const url = typeof src === 'string' ? webUrl(src) : null;
  const label = `Image${alt ? `: ${alt}` : ''}`;
  if (!url) return <>{label}</>;
  if (insideLink) return <>{`${label} (${url.host})`}</>;
  return <ExternalLink url={url}>{label}</ExternalLink>;
}

const components: Components = {
  a: ({ href, title, children }) => (
    <AnswerLink href={href} title={title}>
      {children}
    </AnswerLink>
  ),
  img: ({ src, alt }) => <AnswerImage src={src} alt={alt} />,
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
