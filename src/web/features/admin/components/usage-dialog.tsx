import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { UsageHistoryList } from '../../../components/usage/usage-history';
import { useUserUsage } from '../api/get-user-usage';
import { QueryDialog, type UserPanelProps } from './query-dialog';

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
    >
      {({ history, limits }) => <UsageHistoryList history={history} limit={limits.monthlyTokens} />}
    </QueryDialog>
  );
}
