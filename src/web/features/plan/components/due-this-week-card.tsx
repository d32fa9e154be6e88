import { CalendarClock } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import { type PlanItemView, usePlan } from '../api/get-plan';
import { dueText, isOpen } from '../plan-view';

const SHOWN = 5;

/** The dashboard's card: what of the plan is due this week (today and the next six days). */
export function DueThisWeekCard() {
  const plan = usePlan({ due: 'week' });
  const open = (plan.data?.items ?? [])
    .filter(isOpen)
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <CalendarClock className="size-5 text-primary" aria-hidden /> Due this week
          </CardTitle>
          <CardDescription>The steps of your plan due in the next seven days.</CardDescription>
        </div>
        <Button asChild variant="outline" className="shrink-0 self-start sm:self-center">
          <AppLink to={paths.plan.href()}>Open My Plan</AppLink>
        </Button>
      </CardHeader>
      <CardContent>
        {plan.isPending ? (
          <Spinner label="Loading your plan" className="text-primary" />
        ) : plan.isError ? (
          <Alert tone="danger">We could not load your plan: {plan.error.message}</Alert>
        ) : (
          <div className="grid gap-3">
            <DueList items={open} today={plan.data.today} />
            {plan.data.progress.overdue > 0 ? (
              <AppLink to={paths.plan.href('overdue')} className="text-sm font-medium text-danger underline">
                {plan.data.progress.overdue === 1 ? '1 item' : `${plan.data.progress.overdue} items`} overdue
              </AppLink>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DueList({ items, today }: { items: PlanItemView[]; today: string }) {
  if (items.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Nothing due this week. Choose Make a plan under an answer to turn advice into steps.
      </p>
    );
  }
  return (
    <ul aria-label="Due this week" className="divide-y rounded-lg border">
      {items.slice(0, SHOWN).map((item) => (
        <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2">
          <span className="min-w-0 break-words font-medium">{item.title}</span>
          <span className="text-sm text-muted-foreground">{dueText(item, today)}</span>
        </li>
      ))}
      {items.length > SHOWN ? (
        <li className="px-3 py-2 text-sm text-muted-foreground">and {items.length - SHOWN} more</li>
      ) : null}
    </ul>
  );
}
