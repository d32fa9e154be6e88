import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type AddMemoryInput,
  addMemoryInput,
  MEMORY_KIND_LABELS,
  MEMORY_KINDS,
  MEMORY_LIMITS,
} from '../../../../shared/schemas/memory';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { useAddMemory } from '../api/add-memory';
import type { MemoryItem } from '../api/get-memory';
import { useUpdateMemory } from '../api/update-memory';

/** Adds a memory typed by the user, or edits `memory`'s statement and kind. */
export function MemoryForm({ memory, onDone }: { memory?: MemoryItem; onDone?: () => void }) {
  const form = useForm<AddMemoryInput>({
    resolver: zodResolver(addMemoryInput),
    defaultValues: { statement: memory?.statement ?? '', kind: memory?.kind ?? 'fact' },
  });
  const add = useAddMemory();
  const update = useUpdateMemory();
  const busy = add.isPending || update.isPending;
  const errors = form.formState.errors;
  const length = form.watch('statement').length;

  const submit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast.success(memory ? 'Memory updated' : 'Vidvisor will remember that');
        form.reset(memory ? values : { statement: '', kind: values.kind });
        onDone?.();
      },
      onError: (error: Error) => form.setError('root', { message: error.message }),
    };
    if (memory) update.mutate({ memoryId: memory.id, changes: values }, done);
    else add.mutate(values, done);
  });

  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <Field
        label={memory ? 'What Vidvisor knows' : 'Something Vidvisor should know'}
        error={errors.statement?.message}
        hint={`${length} / ${MEMORY_LIMITS.statement} characters`}
      >
        {(props) => (
          <Textarea
            {...props}
            {...form.register('statement')}
            rows={2}
            maxLength={MEMORY_LIMITS.statement}
            disabled={busy}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <Field label="Kind" error={errors.kind?.message}>
            {(props) => (
              <Select {...props} {...form.register('kind')} disabled={busy}>
                {MEMORY_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {MEMORY_KIND_LABELS[kind].replace(/s$/, '')}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {onDone && memory ? (
          <Button variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : memory ? 'Save' : 'Remember'}
        </Button>
      </div>
      {errors.root ? <Alert tone="danger">{errors.root.message}</Alert> : null}
    </form>
  );
}
