import { Brain } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MEMORY_KIND_LABELS, MEMORY_KINDS } from '../../../../shared/schemas/memory';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmRemoval } from '../../../components/ui/confirm-removal';
import { SettingSwitch } from '../../../components/ui/setting-switch';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDeleteMemory } from '../api/delete-memory';
import { type MemoryItem, useMemory } from '../api/get-memory';
import { usePauseMemory } from '../api/pause-memory';
import { ForgetEverythingDialog, type ForgetEverythingDialogProps } from './forget-everything-dialog';
import { MemoryForm } from './memory-form';
import { MemorySource } from './memory-source';

/** What Vidvisor knows: the pause switch, adding a memory, every memory grouped by kind, and forgetting. */
export function MemoryPage({ account }: { account: ForgetEverythingDialogProps['account'] }) {
  const memory = useMemory();
  const [deleting, setDeleting] = useState<MemoryItem | null>(null);
  const [forgetting, setForgetting] = useState(false);
  const remove = useDeleteMemory();

  if (memory.isPending) return <PageSpinner />;
  if (memory.isError) {
    return (
      <Alert tone="danger" className="grid gap-3">
        <p>We could not load what Vidvisor knows: {memory.error.message}</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void memory.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  const { memories, limit } = memory.data;
  const full = memories.length >= limit;

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-4">
          <PauseSwitch paused={memory.data.paused} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Add a memory</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {memories.length} of {limit} memories. Vidvisor remembers up to {limit} things about your
            business.
          </p>
          {full ? (
            <Alert tone="warning">Vidvisor remembers up to {limit} things. Delete some to add more.</Alert>
          ) : (
            <MemoryForm />
          )}
        </CardContent>
      </Card>
      {memories.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <Brain className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">
            Vidvisor does not know anything about your business yet. Tell it in a consultation, or add it
            here.
          </p>
        </div>
      ) : (
        MEMORY_KINDS.map((kind) => {
          const ofKind = memories.filter((item) => item.kind === kind);
          if (!ofKind.length) return null;
          return (
            <section key={kind} aria-labelledby={`memory-${kind}`} className="grid gap-3">
              <h2 id={`memory-${kind}`} className="text-lg font-semibold">
                {MEMORY_KIND_LABELS[kind]}
              </h2>
              <ul className="grid gap-3">
                {ofKind.map((item) => (
                  <MemoryCard key={item.id} memory={item} onDelete={() => setDeleting(item)} />
                ))}
              </ul>
            </section>
          );
        })
      )}
      <div>
        <Button variant="danger" onClick={() => setForgetting(true)} disabled={memories.length === 0}>
          Forget everything
        </Button>
      </div>
      <ForgetEverythingDialog open={forgetting} onOpenChange={setForgetting} account={account} />
      <ConfirmRemoval
        item={deleting}
        onClose={() => setDeleting(null)}
        removal={remove}
        title="Delete this memory?"
        description={(memory) => memory.statement}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        done={() => 'Memory deleted'}
      />
    </div>
  );
}

function PauseSwitch({ paused }: { paused: boolean }) {
  const save = usePauseMemory();
  return (
    <SettingSwitch
      label="Pause memory"
      hint="While paused, Vidvisor remembers nothing new and uses nothing it knows in its answers."
      loadFailed={false}
      checked={save.isPending ? save.variables : paused}
      disabled={save.isPending}
      onCheckedChange={(on) =>
        save.mutate(on, {
          onSuccess: () => toast.success(on ? 'Memory paused' : 'Memory on'),
          onError: () => toast.error('Could not save your memory setting. Please try again.'),
        })
      }
    />
  );
}

function MemoryCard({ memory, onDelete }: { memory: MemoryItem; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4">
      {editing ? (
        <MemoryForm memory={memory} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="flex items-start gap-2">
            <Badge>M{memory.number}</Badge>
            <p className="min-w-0 flex-1 break-words">{memory.statement}</p>
          </div>
          <p className="text-sm text-muted-foreground">
            <MemorySource memory={memory} />
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label={`Edit M${memory.number}`}
            >
              Edit
            </Button>
            <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete M${memory.number}`}>
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
