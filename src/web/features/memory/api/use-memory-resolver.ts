import { useCallback, useMemo } from 'react';
import type { MemoryResolver } from '../../../components/chats/memory-citations';
import { type MemoryItem, useMemory } from './get-memory';

const SOURCE_LABELS: Record<MemoryItem['origin'], string> = {
  chat: 'From a consultation',
  plan: 'From My Plan',
  typed: 'Typed by you',
};

/** The user's memories by number, for the [M3] chips of their answers. */
export function useMemoryResolver(): MemoryResolver {
  const memory = useMemory();
  const byNumber = useMemo(
    () => new Map((memory.data?.memories ?? []).map((item) => [item.number, item])),
    [memory.data],
  );
  return useCallback(
    (number: number) => {
      const item = byNumber.get(number);
      return item ? { statement: item.statement, source: SOURCE_LABELS[item.origin] } : null;
    },
    [byNumber],
  );
}
