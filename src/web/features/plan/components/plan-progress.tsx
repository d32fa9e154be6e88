import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { PlanPage } from '../api/get-plan';
import { weeklyBars } from '../plan-view';

/** The plan at a glance: done this month, due this week, overdue, and items done per week. */
export function PlanProgress({ progress }: { progress: PlanPage['progress'] }) {
  const stats = [
    ['Done this month', progress.doneThisMonth, false],
    ['Due this week', progress.dueThisWeek, false],
    ['Overdue', progress.overdue, progress.overdue > 0],
  ] as const;
  return (
    <section aria-labelledby="plan-progress" className="grid gap-4 md:grid-cols-[1fr_1.2fr]">
      <h2 id="plan-progress" className="sr-only">
        Progress
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {stats.map(([label, value, danger]) => (
          <Card key={label} className="grid content-start gap-1 p-4">
            <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
            <dd className={cn('text-2xl font-bold tabular-nums', danger && 'text-danger')}>{value}</dd>
          </Card>
        ))}
      </dl>
      <Card>
        <CardContent className="grid gap-2 p-4 sm:p-4">
          <DoneByWeekChart weeks={progress.doneByWeek} />
        </CardContent>
      </Card>
    </section>
  );
}

/** Bars of plain CSS; each week is a list item whose text screen readers read ('Week of …: 2 done'). */
function DoneByWeekChart({ weeks }: { weeks: PlanPage['progress']['doneByWeek'] }) {
  const bars = weeklyBars(weeks);
  const total = weeks.reduce((sum, week) => sum + week.done, 0);
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Done per week</span>
        <span className="text-muted-foreground">
          {total} in the last {weeks.length} weeks
        </span>
      </figcaption>
      <ol aria-label="Items done per week, oldest first" className="flex h-20 items-end gap-1">
        {bars.map((bar) => (
          <li key={bar.weekStart} className="flex h-full flex-1 items-end" title={bar.label}>
            <span className="sr-only">{bar.label}</span>
            <span
              aria-hidden
              className={cn('block w-full rounded-t-sm', bar.done ? 'bg-primary' : 'bg-muted')}
              style={{ height: bar.done ? `${Math.max(8, bar.share * 100)}%` : '4px' }}
            />
          </li>
        ))}
      </ol>
    </figure>
  );
}
