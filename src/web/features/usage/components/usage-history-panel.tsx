import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatTokens, UsageHistoryList } from '../../../components/usage/usage-history';
import { type UsageSummary, useUsage } from '../api/get-usage';

/** Token Usage History of the signed-in user: a row per month with used and allowed tokens and a bar. */
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
        ) : (
          <UsageHistoryList history={usage.data.history} limit={usage.data.limits.monthlyTokens} />
        )}
      </CardContent>
    </Card>
  );
}

function allowanceText(limit: UsageSummary['limits']['monthlyTokens']): string {
  if (limit === null) return 'Your plan has unlimited tokens.';
  if (limit === 0) return 'Choose a plan to get a monthly token allowance.';
  return `Your plan includes ${formatTokens(limit)} tokens a month.`;
}
