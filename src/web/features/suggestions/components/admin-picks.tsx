import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import { addWeeks, dayLabel, formatDuration, weekLabel } from '../../../../shared/suggestions';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmRemoval } from '../../../components/ui/confirm-removal';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { BadgeList } from '../../../components/videos/badge-list';
import { useAdminPicks, type WeeklyPick } from '../api/get-admin-picks';
import { useRemovePick } from '../api/remove-pick';
import { useReorderPicks } from '../api/reorder-picks';
import { PickForm } from './pick-form';

const MOVES = [
  [-1, 'up', ArrowUp],
  [1, 'down', ArrowDown],
] as const;

type Direction = (typeof MOVES)[number][1];

/** A week's picks in the order being saved, if any (the saved order until the reorder is stored). */
function inOrder(
  week: { week: string; picks: WeeklyPick[] } | undefined,
  saving: { week: string; ids: string[] } | undefined,
) {
  const picks = week?.picks ?? [];
  if (!saving || saving.week !== week?.week) return picks;
  return saving.ids.flatMap((id) => picks.find((pick) => pick.id === id) ?? []);
}

/** A week's picks for super admins: move between weeks, add, edit, reorder and remove. */
export function AdminPicks({ week, onWeek }: { week: string | undefined; onWeek: (week: string) => void }) {
  const picks = useAdminPicks(week);
  const reorder = useReorderPicks();
  const remove = useRemovePick();
  const [editing, setEditing] = useState<WeeklyPick | 'new' | null>(null);
  const [removing, setRemoving] = useState<WeeklyPick | null>(null);
  // A move shows at once (nothing is disabled while it saves), and focus stays on the moved pick's
  // button: the other one when the pick reached an end of the list, where its own is disabled.
  const list = inOrder(picks.data, reorder.isPending ? reorder.variables : undefined);
  const listRef = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ id: string; direction: Direction; to: number } | null>(null);
  useLayoutEffect(() => {
    if (!moved || list[moved.to]?.id !== moved.id) return;
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>(`button[data-pick="${moved.id}"]`) ?? []),
    ];
    const own = buttons.find((button) => button.dataset.direction === moved.direction);
    (own && !own.disabled ? own : buttons.find((button) => !button.disabled))?.focus();
    setMoved(null);
  }, [moved, list]);

  if (picks.isPending) return <PageSpinner />;
  if (picks.isError) return <Alert tone="danger">{picks.error.message}</Alert>;
  const { week: shown, currentWeek, weeks } = picks.data;

  const move = (index: number, by: -1 | 1, direction: Direction) => {
    const ids = list.map((pick) => pick.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    setMoved({ id: ids[index + by]!, direction, to: index + by });
    reorder.mutate(
      { week: shown, ids },
      {
        onError: (error) => {
          setMoved(null);
          toast.error(error.message, { duration: ADMIN_TOAST_MS });
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous week"
            onClick={() => onWeek(addWeeks(shown, -1))}
          >
            <ChevronLeft />
          </Button>
          <h2 className="min-w-52 text-center text-lg font-semibold" aria-live="polite">
            {weekLabel(shown)}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next week"
            onClick={() => onWeek(addWeeks(shown, 1))}
          >
            <ChevronRight />
          </Button>
          {shown === currentWeek ? (
            <Badge tone="primary">This week</Badge>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => onWeek(currentWeek)}>
              Back to this week
            </Button>
          )}
        </nav>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add a pick
        </Button>
      </div>

      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No picks for this week yet.
        </p>
      ) : (
        <ol ref={listRef} aria-label={`Picks, week of ${dayLabel(shown)}`} className="grid gap-3">
          {list.map((pick, index) => (
            <li
              key={pick.id}
              className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-start"
            >
              <div className="grid gap-1">
                <p className="font-semibold">
                  <span className="text-muted-foreground">{index + 1}. </span>
                  {pick.title}
                </p>
                <p className="text-sm text-muted-foreground">
                  {[
                    pick.channel,
                    pick.durationSeconds ? formatDuration(pick.durationSeconds) : null,
                    pick.videoId,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-sm">{pick.note}</p>
                <BadgeList label="Tags" items={pick.tags} />
              </div>
              <div className="flex flex-wrap gap-1">
                {MOVES.map(([by, direction, Icon]) => (
                  <Button
                    key={direction}
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${pick.title} ${direction}`}
                    data-pick={pick.id}
                    data-direction={direction}
                    disabled={!list[index + by]}
                    onClick={() => move(index, by, direction)}
                  >
                    <Icon />
                  </Button>
                ))}
                {(
                  [
                    ['Edit', Pencil, () => setEditing(pick)],
                    ['Remove', Trash2, () => setRemoving(pick)],
                  ] as const
                ).map(([verb, Icon, act]) => (
                  <Button
                    key={verb}
                    variant="ghost"
                    size="icon"
                    aria-label={`${verb} ${pick.title}`}
                    onClick={act}
                  >
                    <Icon />
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}

      {weeks.length ? (
        <section aria-labelledby="weeks-heading" className="grid gap-2">
          <h2 id="weeks-heading" className="text-sm font-semibold text-muted-foreground">
            Weeks with picks
          </h2>
          <ul className="flex flex-wrap gap-2">
            {weeks.map((item) => (
              <li key={item.week}>
                <Button
                  variant={item.week === shown ? 'secondary' : 'outline'}
                  size="sm"
                  aria-current={item.week === shown ? 'true' : undefined}
                  onClick={() => onWeek(item.week)}
                >
                  {dayLabel(item.week)} ({item.picks})
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Add a pick' : 'Edit pick'}</DialogTitle>
          </DialogHeader>
          {editing !== null ? (
            <PickForm
              pick={editing === 'new' ? undefined : editing}
              week={shown}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmRemoval
        item={removing}
        onClose={() => setRemoving(null)}
        removal={remove}
        title="Remove pick"
        description={(pick) => `Remove “${pick.title}” from the week of ${dayLabel(pick.week)}?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        done={() => 'Pick removed'}
        toastOptions={{ duration: ADMIN_TOAST_MS }}
      />
    </div>
  );
}
