import { createContext, useContext, useId } from 'react';

/** A memory an answer cites as [M3]: what it says and where it came from. */
export interface CitedMemory {
  statement: string;
  source: string;
}

/** Resolves an answer's [M3] to the user's memory number 3, or null when there is none (forgotten). */
export type MemoryResolver = (number: number) => CitedMemory | null;

/** The chat page provides the user's memories; elsewhere (shared pages) [M3] stays plain text. */
export const MemoryCitations = createContext<MemoryResolver | null>(null);

const MEMORY_CITATION = /\[M(\d{1,4})\](?!\()/g;
export const MEMORY_HREF_PREFIX = '#memory-';

/** Each [M3] the resolver knows, as a link the Markdown renderer draws as a chip. */
export function linkMemoryCitations(markdown: string, resolve: MemoryResolver | null): string {
  if (!resolve) return markdown;
  return markdown.replace(MEMORY_CITATION, (whole, number: string) =>
    resolve(Number(number)) ? `[${whole}](${MEMORY_HREF_PREFIX}${number})` : whole,
  );
}

/** A cited memory: a chip that shows the memory and its source on hover or keyboard focus. */
export function MemoryChip({ href }: { href: string }) {
  const resolve = useContext(MemoryCitations);
  const id = useId();
  const number = Number(href.slice(MEMORY_HREF_PREFIX.length));
  const memory = resolve?.(number);
  if (!memory) return <>[M{number}]</>;
  return (
    <span className="group relative inline-block">
      <button
        type="button"
        aria-describedby={id}
        className="rounded-full bg-secondary px-1.5 py-0.5 text-xs font-semibold text-secondary-foreground"
      >
        M{number}
      </button>
      <span
        id={id}
        role="tooltip"
        className="invisible absolute bottom-full left-0 z-10 mb-1 w-64 max-w-[80vw] rounded-md border bg-card p-2 text-xs text-foreground shadow group-focus-within:visible group-hover:visible"
      >
        {memory.statement}
        <span className="mt-1 block text-muted-foreground">{memory.source}</span>
      </span>
    </span>
  );
}
