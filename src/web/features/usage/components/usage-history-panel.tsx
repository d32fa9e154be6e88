import { USAGE_LEVEL_LABELS, type UsageLevel, usageLevel, usagePercent } from '../../../../shared/usage';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { type UsageSummary, useUsage } from '../api/get-usage';

const BAR: Record<UsageLevel, string> = {
  normal: 'bg-primary',
  warning: 'bg-warning',
  exceeded: 'bg-danger',
};

const formatTokens = (n: number) => n.toLocaleString('en-US');

/** Token Usage History: a row per month with used and allowed tokens and a coloured bar. */
export function UsageHistoryPanel() {
  const usage = useUsage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Token Usage History</CardTitle>
        {usage.data ? (
          <CardDescription>{allowanceText(usage.data.limits.monthlyTokens)}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner />
          </div>
        ) : usage.isError ? (
          <Alert tone="danger">Failed to load usage data</Alert>
        ) : usage.data.history.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No usage data available</p>
        ) : (
          <ul className="grid gap-5">
            {usage.data.history.map((month) => (
              <UsageRow
                key={month.month}
                label={month.label}
                used={month.tokens}
                limit={usage.data.limits.monthlyTokens}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const percent = usagePercent(used, limit);
  const level = usageLevel(percent);
  const note = USAGE_LEVEL_LABELS[level];
  return (
    <li className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {formatTokens(used)} / {limit === null ? 'Unlimited' : formatTokens(limit)} tokens
        </span>
      </div>
      <Progress value={percent} label={`${label} token usage`} barClassName={BAR[level]} />
      {note ? (
        <p className={cn('text-xs font-medium', level === 'exceeded' ? 'text-danger' : 'text-foreground')}>
          {note}
        </p>
      ) : null}
    </li>
  );
}

function allowanceText(limit: UsageSummary['limits']['monthlyTokens']): string {
  if (limit === null) return 'Your plan has unlimited tokens.';
  if (limit === 0) return 'Choose a plan to get a monthly token allowance.';
  return `Your plan includes ${formatTokens(limit)} tokens a month.`;
}
