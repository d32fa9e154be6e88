import { splitHighlights } from '../../../../shared/schemas/chats';

/** A search snippet with its matches in <mark>: the text is rendered as text, never as HTML. */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  return (
    <p className="line-clamp-3 text-sm text-muted-foreground">
      {splitHighlights(snippet).map((part, index) =>
        part.highlighted ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never reorder
          <mark key={index} className="rounded-sm bg-warning-muted px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
