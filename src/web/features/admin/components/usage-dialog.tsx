import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Progress } from '../../../components/ui/progress';
import { useUserUsage } from '../api/get-user-usage';
import { QueryDialog, type UserPanelProps } from './query-dialog';

const tokens = (n: number) => n.toLocaleString('en-US');

/** 'Usage': the user's Token Usage History (used and allowed tokens per month). */
export function UsageDialog({ userId, open, onOpenChange }: UserPanelProps) {
  const usage = useUserUsage(userId, { enabled: open });
  return (
    <QueryDialog
      title="Token Usage History"
      open={open}
      onOpenChange={onOpenChange}
      query={usage}
      failedMessage={ADMIN_MESSAGES.usageFailed}
      emptyMessage="No usage data available"
      isEmpty={(data) => data.history.length === 0}
    >
      {({ history, monthlyTokenLimit: limit }) => (
        <ul className="grid gap-4">
          {history.map((month) => {
            const percent = limit ? (month.tokens / limit) * 100 : 0;
            return (
              <li key={month.month} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span className="font-medium">{month.label}</span>
                  <span className="text-muted-foreground">
                    {tokens(month.tokens)} / {limit === null ? 'Unlimited' : tokens(limit)} tokens
                  </span>
                </div>
                <Progress
                  value={percent}
                  label={`${month.label} usage`}
                  barClassName={percent > 100 ? 'bg-danger' : percent > 90 ? 'bg-warning' : undefined}
                />
              </li>
            );
          })}
        </ul>
      )}
    </QueryDialog>
  );
}
