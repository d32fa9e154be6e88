import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { useUserUsage } from '../api/get-user-usage';
import { useErrorToast } from './use-error-toast';

const tokens = (n: number) => n.toLocaleString('en-US');

/** 'Usage': the user's Token Usage History (used and allowed tokens per month). */
export function UsageDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const usage = useUserUsage(userId, { enabled: open });
  useErrorToast(usage.isError, ADMIN_MESSAGES.usageFailed);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Token Usage History</DialogTitle>
        </DialogHeader>
        {usage.isPending ? (
          <Spinner label="Loading usage" className="text-primary" />
        ) : usage.isError ? (
          <Alert tone="danger">{ADMIN_MESSAGES.usageFailed}</Alert>
        ) : usage.data.history.length === 0 ? (
          <p className="text-muted-foreground">No usage data available</p>
        ) : (
          <ul className="grid gap-4">
            {usage.data.history.map((month) => {
              const limit = usage.data.monthlyTokenLimit;
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
      </DialogContent>
    </Dialog>
  );
}
