import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useDeleteMemory } from '../api/delete-memory';
import { useMemory } from '../api/get-memory';

/** Under an answer: what Vidvisor remembered of the question it answers, with Undo. */
export function RememberedLine({ questionId }: { questionId: string }) {
  const memory = useMemory();
  const remove = useDeleteMemory();
  const remembered = memory.data?.memories.filter((item) => item.messageId === questionId) ?? [];
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
