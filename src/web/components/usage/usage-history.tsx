import { USAGE_LEVEL_LABELS, type UsageLevel, usageLevel, usagePercent } from '../../../shared/usage';
import { cn } from '../../lib/cn';
import { Progress } from '../ui/progress';

export interface UsageMonth {
  month: string;
  label: string;
  tokens: number;
}

const BAR: Record<UsageLevel, string> = {
  normal: 'bg-primary',
  warning: 'bg-warning',
  exceeded: 'bg-danger',
};

export const formatTokens = (n: number) => n.toLocaleString('en-US');

/**
 * The Token Usage History rows: used and allowed tokens per month and a bar, blue up to 90 %, yellow
 * above 90 % ('Approaching usage limit'), red above 100 % ('Usage limit exceeded'); unlimited is 0 %.
 * `limit`: null = unlimited.
 */
export function UsageHistoryList({ history, limit }: { history: UsageMonth[]; limit: number | null }) {
  if (history.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No usage data available</p>;
  }
  return (
    <ul className="grid gap-5">
      {history.map((month) => (
        <UsageRow key={month.month} label={month.label} used={month.tokens} limit={limit} />
      ))}
    </ul>
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
