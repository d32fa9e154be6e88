import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  EARLIEST_DUE_DATE,
  isPlanDueDate,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  planNote,
  planTitle,
  planWhy,
} from '../../../../shared/schemas/plan';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useAddPlanItems } from '../api/add-plan-items';
import type { PlanItemView } from '../api/get-plan';
import { useUpdatePlanItem } from '../api/update-plan-item';

/** The item form: the API's own rules, with the date field's '' meaning no due date. */
const planItemForm = z.object({
  title: planTitle,
  why: planWhy,
  dueDate: z.string().refine((value) => value === '' || isPlanDueDate(value), PLAN_MESSAGES.dueDate),
  note: planNote,
});
type PlanItemFormValues = z.infer<typeof planItemForm>;

/** Adds an item by hand, or edits `item`'s title, why, due date and note. */
export function PlanItemForm({ item, onDone }: { item?: PlanItemView; onDone: () => void }) {
  const form = useForm<PlanItemFormValues>({
    resolver: zodResolver(planItemForm),
    defaultValues: {
      title: item?.title ?? '',
      why: item?.why ?? '',
      dueDate: item?.dueDate ?? '',
      note: item?.note ?? '',
    },
  });
  const add = useAddPlanItems();
  const update = useUpdatePlanItem();
  const busy = add.isPending || update.isPending;
  const errors = form.formState.errors;
  const noteLength = form.watch('note').length;

  const submit = form.handleSubmit(({ dueDate, note, ...values }) => {
    const done = {
      onSuccess: () => {
        toast.success(item ? 'Item updated' : 'Item added to My Plan');
        onDone();
      },
      onError: (error: Error) => form.setError('root', { message: error.message }),
    };
    if (item)
      update.mutate({ itemId: item.id, changes: { ...values, note, dueDate: dueDate || null } }, done);
    else add.mutate({ items: [{ ...values, dueDate: dueDate || null }] }, done);
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <Field label="Title" error={errors.title?.message}>
        {(props) => (
          <Input {...props} {...form.register('title')} maxLength={PLAN_LIMITS.title} disabled={busy} />
        )}
      </Field>
      <Field label="Why it matters (optional)" error={errors.why?.message}>
        {(props) => (
          <Textarea
            {...props}
            {...form.register('why')}
            rows={3}
            maxLength={PLAN_LIMITS.why}
            disabled={busy}
          />
        )}
      </Field>
      <div className="sm:w-56">
        <Field label="Due date (optional)" error={errors.dueDate?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register('dueDate')}
              type="date"
              min={EARLIEST_DUE_DATE}
              disabled={busy}
            />
          )}
        </Field>
      </div>
      {item ? (
        <Field
          label="Note (optional)"
          error={errors.note?.message}
          hint={`${noteLength.toLocaleString('en-US')} / ${PLAN_LIMITS.note.toLocaleString('en-US')} characters`}
        >
          {(props) => (
            <Textarea
              {...props}
              {...form.register('note')}
              rows={5}
              maxLength={PLAN_LIMITS.note}
              disabled={busy}
            />
          )}
        </Field>
      ) : null}
      {errors.root ? <Alert tone="danger">{errors.root.message}</Alert> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : item ? 'Save changes' : 'Add item'}
        </Button>
      </DialogFooter>
    </form>
  );
}
