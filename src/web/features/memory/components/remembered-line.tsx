import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useDeleteMemory } from '../api/delete-memory';
import { type MemoryPage, useMemory } from '../api/get-memory';

/**
 * A turn is read on the job queue after its answer is stored (and waits while a reply is in flight), so
 * the line of a turn just answered asks again this often, for this long, until something is remembered.
 */
const AWAIT_POLL_MS = 3000;
const AWAIT_MS = 90_000;

/**
 * Under an answer: what Vidvisor remembered of the question it answers, with Undo. `justAnswered`: the
 * answer was stored on this page now, so what the queue remembers of it is still to come.
 */
export function RememberedLine({ questionId, justAnswered }: { questionId: string; justAnswered: boolean }) {
  const [mountedAt] = useState(Date.now);
  const memory = useMemory({
    refetchInterval: (page) =>
      justAnswered && !rememberedOf(page, questionId).length && Date.now() - mountedAt < AWAIT_MS
        ? AWAIT_POLL_MS
        : false,
  });
  const remove = useDeleteMemory();
  const remembered = rememberedOf(memory.data, questionId);
  if (!remembered.length) return null;
  const undo = async () => {
    try {
      for (const item of remembered) await remove.mutateAsync(item.id);
      toast.success('Forgotten');
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <span>Remembered: {remembered.map((item) => item.statement).join(' · ')}</span>
      <Button variant="ghost" size="sm" onClick={() => void undo()} disabled={remove.isPending}>
        Undo
      </Button>
    </p>
  );
}

function rememberedOf(page: MemoryPage | undefined, questionId: string) {
  return page?.memories.filter((item) => item.messageId === questionId) ?? [];
}
