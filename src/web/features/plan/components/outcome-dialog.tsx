import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  MEMORY_LIMITS,
  PLAN_OUTCOME_LABELS,
  PLAN_OUTCOMES,
  type PlanOutcome,
} from '../../../../shared/schemas/memory';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useRecordOutcome } from '../api/record-outcome';

/** "How did it go?" after a step is marked Done or Dropped: its outcome becomes a memory. */
export function OutcomeDialog({
  item,
  onClose,
}: {
  item: { id: string; title: string } | null;
  onClose: () => void;
}) {
  const [outcome, setOutcome] = useState<PlanOutcome | null>(null);
  const [note, setNote] = useState('');
  const record = useRecordOutcome();
  const name = useId();
  const close = () => {
    setOutcome(null);
    setNote('');
    record.reset();
    onClose();
  };
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !record.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>How did it go?</DialogTitle>
          <DialogDescription>
            {item?.title}. Vidvisor remembers the outcome and takes it into account in its next answers.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!item || !outcome) return;
            record.mutate(
              { itemId: item.id, outcome: { outcome, note } },
              {
                onSuccess: () => {
                  toast.success('Vidvisor will remember how it went');
                  close();
                },
              },
            );
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="sr-only">Outcome</legend>
            {PLAN_OUTCOMES.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={outcome === value}
                  onChange={() => setOutcome(value)}
                  disabled={record.isPending}
                />
                {PLAN_OUTCOME_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <Field label="Note (optional)">
            {(props) => (
              <Textarea
                {...props}
                rows={2}
                maxLength={MEMORY_LIMITS.outcomeNote}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                disabled={record.isPending}
              />
            )}
          </Field>
          {record.isError ? <Alert tone="danger">{record.error.message}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={record.isPending}>
              Skip
            </Button>
            <Button type="submit" disabled={!outcome || record.isPending}>
              {record.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
