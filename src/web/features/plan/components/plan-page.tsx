import { ListChecks, Plus } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PLAN_STATUS_LABELS, type PlanStatus } from '../../../../shared/schemas/plan';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ConfirmRemoval } from '../../../components/ui/confirm-removal';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDeletePlanItem } from '../api/delete-plan-item';
import { type PlanItemView, type PlanPage as PlanPageData, usePlan } from '../api/get-plan';
import { useReorderPlan } from '../api/reorder-plan';
import { useUpdatePlanItem } from '../api/update-plan-item';
import { canReorder, type PlanFilters as Filters, groupByStatus, moveId } from '../plan-view';
import { CalendarSubscription } from './calendar-subscription';
import { CheckInSetting } from './check-in-setting';
import { ExportMenu } from './export-menu';
import { OutcomeDialog } from './outcome-dialog';
import { PlanFilters } from './plan-filters';
import { type MoveDirection, PlanItemCard } from './plan-item-card';
import { PlanItemForm } from './plan-item-form';
import { PlanProgress } from './plan-progress';

/** My Plan: progress, the check-in switch, filters, and the items grouped by status. */
export function PlanPage({
  filters,
  onFilters,
}: {
  filters: Filters;
  onFilters: (filters: Filters) => void;
}) {
  const plan = usePlan(filters);
  const [editing, setEditing] = useState<PlanItemView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanItemView | null>(null);
  const remove = useDeletePlanItem();

  if (plan.isPending) return <PageSpinner />;
  if (plan.isError) {
    return (
      <Alert tone="danger" className="grid gap-3">
        <p>We could not load your plan: {plan.error.message}</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={plan.isFetching}
          onClick={() => void plan.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  const filtered = Boolean(filters.status || filters.videoId || filters.due);
  const empty = plan.data.items.length === 0;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing('new')}>
          <Plus /> Add an item
        </Button>
        <ExportMenu />
        <CalendarSubscription />
      </div>
      <PlanProgress progress={plan.data.progress} />
      <Card>
        <CardContent className="p-4 sm:p-4">
          <CheckInSetting />
        </CardContent>
      </Card>
      {empty && !filtered ? (
        <EmptyPlan />
      ) : (
        <>
          <PlanFilters filters={filters} videos={plan.data.videos} onChange={onFilters} />
          {empty ? (
            <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center">
              <p className="text-muted-foreground">No items match these filters.</p>
              <Button variant="outline" size="sm" onClick={() => onFilters({})}>
                Clear filters
              </Button>
            </div>
          ) : (
            <PlanGroups data={plan.data} filters={filters} onEdit={setEditing} onDelete={setDeleting} />
          )}
        </>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Add an item' : 'Edit item'}</DialogTitle>
          </DialogHeader>
          {editing !== null ? (
            <PlanItemForm item={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmRemoval
        item={deleting}
        onClose={() => setDeleting(null)}
        removal={remove}
        title="Delete item"
        description={(item) => `Delete “${item.title}” from your plan? This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        done={() => 'Item deleted'}
      />
    </div>
  );
}

function EmptyPlan() {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
      <ListChecks className="size-8 text-primary" aria-hidden />
      <p className="font-medium">Your plan is empty</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Open a consultation and choose Make a plan under an answer to turn its advice into steps, or add an
        item by hand.
      </p>
    </div>
  );
}

/** The items by status; a move shows at once and keeps focus on the moved item's button. */
function PlanGroups({
  data,
  filters,
  onEdit,
  onDelete,
}: {
  data: PlanPageData;
  filters: Filters;
  onEdit: (item: PlanItemView) => void;
  onDelete: (item: PlanItemView) => void;
}) {
  const reorder = useReorderPlan();
  const update = useUpdatePlanItem();
  const today = data.today;
  const saving = reorder.isPending ? reorder.variables : undefined;
  const groups = groupByStatus(data.items)
    .filter((group) => !filters.status || group.status === filters.status)
    .map((group) =>
      saving?.status === group.status
        ? {
            ...group,
            items: saving.itemIds.flatMap((id) => group.items.find((item) => item.id === id) ?? []),
          }
        : group,
    );
  const movable = canReorder(filters);
  const rootRef = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState<{ id: string; direction: MoveDirection; itemIds: string[] } | null>(
    null,
  );
  // Once the moved item shows in its new place: focus its button again (moving the node blurred it),
  // or the other one when it reached an end of the list, where its own is disabled.
  const shownIds = groups.flatMap((group) => group.items.map((item) => item.id)).join();
  useLayoutEffect(() => {
    if (!moved || !shownIds.includes(moved.itemIds.join())) return;
    const buttons = [
      ...(rootRef.current?.querySelectorAll<HTMLButtonElement>(`button[data-item="${moved.id}"]`) ?? []),
    ];
    const own = buttons.find((button) => button.dataset.direction === moved.direction);
    (own && !own.disabled ? own : buttons.find((button) => !button.disabled))?.focus();
    setMoved(null);
  }, [moved, shownIds]);

  const move = (status: PlanStatus, ids: string[], index: number, direction: MoveDirection) => {
    const itemIds = moveId(ids, index, direction === 'up' ? -1 : 1);
    setMoved({ id: ids[index]!, direction, itemIds });
    reorder.mutate({ status, itemIds }, { onError: (error) => toast.error(error.message) });
  };
  const [askOutcome, setAskOutcome] = useState<PlanItemView | null>(null);
  const changeStatus = (item: PlanItemView, status: PlanStatus) =>
    update.mutate(
      { itemId: item.id, changes: { status } },
      {
        onSuccess: () => {
          toast.success(`“${item.title}” moved to ${PLAN_STATUS_LABELS[status]}`);
          if (data.outcomesRemembered && (status === 'done' || status === 'dropped')) setAskOutcome(item);
        },
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <div ref={rootRef} className="grid gap-8">
      <OutcomeDialog item={askOutcome} onClose={() => setAskOutcome(null)} />
      {movable ? null : (
        <p className="text-sm text-muted-foreground">Clear the video and due filters to reorder items.</p>
      )}
      {groups.map((group) => {
        const ids = group.items.map((item) => item.id);
        const headingId = `plan-group-${group.status}`;
        return (
          <section key={group.status} aria-labelledby={headingId} className="grid gap-3">
            <h2 id={headingId} className="text-lg font-semibold">
              {PLAN_STATUS_LABELS[group.status]}{' '}
              <span className="text-sm font-normal text-muted-foreground">({group.items.length})</span>
            </h2>
            {group.items.length === 0 ? (
              <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
                Nothing here.
              </p>
            ) : (
              <ol aria-label={PLAN_STATUS_LABELS[group.status]} className="grid gap-3">
                {group.items.map((item, index) => (
                  <PlanItemCard
                    key={item.id}
                    item={item}
                    today={today}
                    canMoveUp={movable ? index > 0 : undefined}
                    canMoveDown={movable ? index < ids.length - 1 : undefined}
                    onMove={(direction) => move(group.status, ids, index, direction)}
                    onStatus={(status) => changeStatus(item, status)}
                    onEdit={() => onEdit(item)}
                    onDelete={() => onDelete(item)}
                  />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
