import { useState } from 'react';
import { toast } from 'sonner';
import { NO_SUBSCRIPTION_MESSAGE, SUBSCRIPTION_UPDATED_MESSAGE } from '../../../../shared/billing';
import { formatDate } from '../../../../shared/dates';
import { formatPrice } from '../../../../shared/plans';
import {
  canResume,
  type SubscriptionState,
  subscriptionDateLine,
  subscriptionStatusLabel,
} from '../../../../shared/subscriptions';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import { useCancelSubscription } from '../api/cancel-subscription';
import { type Subscription, useSubscription } from '../api/get-subscription';
import { useResumeSubscription } from '../api/resume-subscription';

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

function stateOf(sub: Subscription): SubscriptionState {
  return {
    status: sub.status,
    currentPeriodEnd: toDate(sub.currentPeriodEnd),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    cancelAt: toDate(sub.cancelAt),
    canceledAt: toDate(sub.canceledAt),
    endedAt: toDate(sub.endedAt),
  };
}

/** The Subscription tab: plan name, dates, Resume / Update / Cancel with confirmations. */
export function SubscriptionPanel({ onChanged }: { onChanged: () => void }) {
  const view = useSubscription();
  if (view.isPending) return <PageSpinner />;
  if (view.isError)
    return <Alert tone="danger">We could not load your subscription. Please reload the page.</Alert>;
  const { subscription, freePlan, nextPlan } = view.data;
  if (subscription)
    return <SubscriptionCard subscription={subscription} nextPlan={nextPlan} onChanged={onChanged} />;
  if (freePlan) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{freePlan.name}</CardTitle>
          <CardDescription>{formatPrice(0)} · free forever</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <AppLink to={paths.onboarding.href()}>Update Subscription</AppLink>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{NO_SUBSCRIPTION_MESSAGE}</CardTitle>
        <CardDescription>Choose a plan to start using Vidvisor.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <AppLink to={paths.onboarding.href()}>Choose a plan</AppLink>
        </Button>
      </CardContent>
    </Card>
  );
}

function SubscriptionCard({
  subscription,
  nextPlan,
  onChanged,
}: {
  subscription: Subscription;
  /** The free plan the account moves to when this subscription ends. */
  nextPlan: { name: string } | null;
  onChanged: () => void;
}) {
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const state = stateOf(subscription);
  const line = subscriptionDateLine(state);
  const resumable = canResume(state);

  const run = (action: typeof cancel | typeof resume) =>
    action.mutate(subscription.id, {
      onSuccess: () => {
        toast.success(SUBSCRIPTION_UPDATED_MESSAGE, { id: SUBSCRIPTION_UPDATED_MESSAGE });
        setConfirming(null);
        onChanged();
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{subscription.planName}</CardTitle>
          <Badge tone={subscription.active && !subscription.cancelAtPeriodEnd ? 'success' : 'warning'}>
            {subscriptionStatusLabel(state)}
          </Badge>
        </div>
        <CardDescription>
          {formatPrice(subscription.priceCents)} per {subscription.interval}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-1 text-sm">
          {subscription.status === 'trialing' && subscription.trialEnd ? (
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Trial ends:</dt>
              <dd>{formatDate(subscription.trialEnd)}</dd>
            </div>
          ) : null}
          {line.kind !== 'none' ? (
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{line.kind === 'ends' ? 'Ends on:' : 'Next payment:'}</dt>
              <dd>{formatDate(line.date)}</dd>
            </div>
          ) : null}
          {nextPlan ? (
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Next plan:</dt>
              <dd>
                {nextPlan.name}
                {line.kind === 'ends' ? `, from ${formatDate(line.date)}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          {resumable ? (
            <Button onClick={() => setConfirming('resume')}>Resume Subscription</Button>
          ) : subscription.active ? (
            <>
              <Button asChild>
                <AppLink to={paths.onboarding.href()}>Update Subscription</AppLink>
              </Button>
              <Button variant="outline" onClick={() => setConfirming('cancel')}>
                Cancel Subscription
              </Button>
            </>
          ) : (
            <Button asChild>
              <AppLink to={paths.onboarding.href()}>Resume Subscription</AppLink>
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => setConfirming(open ? 'cancel' : null)}
        title="Cancel Subscription"
        description={`Your ${subscription.planName} plan stays active until ${line.kind === 'next-payment' ? formatDate(line.date) : 'the end of the period'}, then it ends. You can resume before then.`}
        confirmLabel="Cancel Subscription"
        busyLabel="Cancelling..."
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => run(cancel)}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        onOpenChange={(open) => setConfirming(open ? 'resume' : null)}
        title="Resume Subscription"
        description={`Your ${subscription.planName} plan will renew as usual and you will be charged at the next payment date.${nextPlan ? ` Your account will not move to ${nextPlan.name}.` : ''}`}
        confirmLabel="Resume Subscription"
        busyLabel="Resuming..."
        busy={resume.isPending}
        onConfirm={() => run(resume)}
      />
    </Card>
  );
}
