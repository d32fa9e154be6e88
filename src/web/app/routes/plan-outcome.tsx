import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { OUTCOME_LINK_MESSAGES, PLAN_OUTCOME_LABELS } from '../../../shared/schemas/memory';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useRecordOutcomeFromLink } from '../../features/plan/api/record-outcome-from-link';
import { isApiError } from '../../lib/api-client';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';

/**
 * Where the check-in mail's "How did it go?" links land (no sign-in needed). The answer is recorded
 * from the browser, so a mail scanner fetching the link records nothing.
 */
export default function PlanOutcomeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const record = useRecordOutcomeFromLink();
  const { mutate } = record;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const refused = !token || (record.isError && isApiError(record.error) && record.error.status < 500);
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CircleCheck className="size-8 text-primary" aria-hidden />
          <CardTitle>{record.isSuccess ? 'Thanks, noted' : 'How did it go?'}</CardTitle>
          {record.isSuccess ? (
            <CardDescription>
              {PLAN_OUTCOME_LABELS[record.data.outcome]}. Vidvisor will remember: {record.data.statement}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {record.isPending ? (
            <p className="flex items-center gap-2 text-sm">
              <Spinner decorative /> Recording your answer…
            </p>
          ) : null}
          {refused ? (
            <Alert tone="danger">{record.error?.message ?? OUTCOME_LINK_MESSAGES.invalid}</Alert>
          ) : record.isError ? (
            <Alert tone="danger">We could not record your answer just now. Open My Plan to try again.</Alert>
          ) : null}
          <Button asChild variant="outline" className="justify-self-start">
            <AppLink to={paths.plan.href()}>Go to My Plan</AppLink>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
