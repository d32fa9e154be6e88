import { Check } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SUBSCRIPTION_UPDATED_MESSAGE } from '../../../../shared/billing';
import { formatDate } from '../../../../shared/dates';
import {
  formatPrice,
  isFreePlanId,
  isPaidPlanId,
  type PlanInterval,
  type PlanTier,
} from '../../../../shared/plans';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useChooseFreePlan } from '../api/choose-free-plan';
import { useChoosePaidPlan } from '../api/choose-paid-plan';
import { type Plan, usePlans } from '../api/get-plans';
import { currentPlanId, useSubscription } from '../api/get-subscription';
import { PlanIntervalToggle } from './plan-interval-toggle';

const TIER_COPY: Record<PlanTier, { blurb: string; features: string[] }> = {
  free: {
    blurb: 'Try Vidvisor on a couple of videos a month.',
    features: ['About 2 videos plus consultant chat', 'Saved chat library', 'Business profile'],
  },
  pro: {
    blurb: 'For owners who learn from videos every week.',
    features: ['About 12 videos plus consultant chat', 'Everything in Free'],
  },
  premium: {
    blurb: 'No limits for the most curious founders.',
    features: ['Unlimited videos and consultant chat', 'Everything in Pro'],
  },
};

function allowance(plan: Plan): string {
  return plan.monthlyTokenLimit === null
    ? 'Unlimited tokens'
    : `${plan.monthlyTokenLimit.toLocaleString('en-US')} tokens per month`;
}

/**
 * Choose Your Plan: Free marks the user free (while a paid plan runs, after a confirmation, from the end
 * of its period); a paid plan opens the checkout, or changes the running subscription's plan.
 * `onChosen` runs after the free plan, a scheduled move to it, or a plan change (the route moves on).
 */
export function ChoosePlan({ onChosen }: { onChosen: (outcome: 'free' | 'scheduled' | 'updated') => void }) {
  const plans = usePlans();
  const subscription = useSubscription();
  const current = currentPlanId(subscription.data);
  const running = subscription.data?.subscription?.active ? subscription.data.subscription : null;
  const nextPlanId = subscription.data?.nextPlan?.id ?? null;
  const trialDays = subscription.data?.trialDays ?? 0;
  const [confirmingFree, setConfirmingFree] = useState<Plan | null>(null);
  const currentInterval = plans.data?.find((plan) => plan.id === current)?.interval;
  const [interval, setInterval] = useState<PlanInterval | null>(null);
  const shown = interval ?? currentInterval ?? 'month';
  const free = useChooseFreePlan();
  const paid = useChoosePaidPlan();
  const [pending, setPending] = useState<string | null>(null);

  if (plans.isPending || subscription.isPending) return <PageSpinner />;
  if (plans.isError) return <Alert tone="danger">We could not load the plans. Please reload the page.</Alert>;

  async function choose(plan: Plan) {
    setPending(plan.id);
    try {
      if (isFreePlanId(plan.id)) {
        const { startsAt } = await free.mutateAsync(plan.id);
        if (startsAt) toast.success(SUBSCRIPTION_UPDATED_MESSAGE, { id: SUBSCRIPTION_UPDATED_MESSAGE });
        setConfirmingFree(null);
        onChosen(startsAt ? 'scheduled' : 'free');
      } else if (isPaidPlanId(plan.id)) {
        const result = await paid.mutateAsync(plan.id);
        if (result.kind === 'redirect') {
          window.location.assign(result.url);
          return;
        }
        toast.success(SUBSCRIPTION_UPDATED_MESSAGE, { id: SUBSCRIPTION_UPDATED_MESSAGE });
        onChosen('updated');
      }
    } catch (error) {
      toast.error((error as Error).message);
    }
    setPending(null);
  }

  const visible = plans.data.filter((plan) => plan.interval === shown);
  return (
    <div className="grid gap-6">
      <div className="flex justify-center">
        <PlanIntervalToggle value={shown} onChange={setInterval} />
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {visible.map((plan) => {
          const isCurrent = plan.id === current;
          const isNext = plan.id === nextPlanId;
          const copy = TIER_COPY[plan.tier];
          const offersTrial = trialDays > 0 && plan.tier !== 'free' && !isCurrent;
          return (
            <li key={plan.id}>
              <Card
                className={cn(
                  'flex h-full flex-col',
                  plan.tier === 'pro' && 'border-primary ring-1 ring-primary',
                )}
                aria-label={`${plan.name} plan`}
              >
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <CardTitle>
                      {plan.tier === 'free' ? 'Free' : plan.tier === 'pro' ? 'Pro' : 'Premium'}
                    </CardTitle>
                    {plan.tier === 'pro' ? <Badge tone="primary">Most popular</Badge> : null}
                  </div>
                  <CardDescription>{copy.blurb}</CardDescription>
                  <p className="mt-2">
                    <span className="text-3xl font-bold">{formatPrice(plan.priceCents)}</span>
                    <span className="text-muted-foreground">{plan.interval === 'year' ? '/yr' : '/mo'}</span>
                  </p>
                  <p className="text-sm font-medium">{allowance(plan)}</p>
                  {offersTrial ? (
                    <p className="text-sm font-medium text-primary">
                      Starts with a {trialDays}-day free trial
                    </p>
                  ) : null}
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-6">
                  <ul className="grid gap-2 text-sm">
                    {copy.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <Button
                    className="mt-auto w-full"
                    variant={isCurrent || isNext ? 'outline' : 'primary'}
                    disabled={isCurrent || isNext || pending !== null}
                    aria-label={
                      isCurrent
                        ? `Current Plan: ${plan.name}`
                        : isNext
                          ? `Next Plan: ${plan.name}`
                          : `Get Started with ${plan.name}`
                    }
                    onClick={() =>
                      running && isFreePlanId(plan.id) ? setConfirmingFree(plan) : choose(plan)
                    }
                  >
                    {isCurrent
                      ? 'Current Plan'
                      : isNext
                        ? 'Next Plan'
                        : pending === plan.id
                          ? 'Processing...'
                          : 'Get Started'}
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      {running ? (
        <ConfirmDialog
          open={confirmingFree !== null}
          onOpenChange={(open) => !open && setConfirmingFree(null)}
          title={`Move to ${confirmingFree?.name ?? 'Free'}?`}
          description={moveToFreeDescription(running, confirmingFree?.name ?? 'Free')}
          confirmLabel={`Move to ${confirmingFree?.name ?? 'Free'}`}
          busyLabel="Processing..."
          busy={pending !== null}
          onConfirm={() => confirmingFree && choose(confirmingFree)}
        />
      ) : null}
    </div>
  );
}

function moveToFreeDescription(
  running: { planName: string; cancelAt: string | null; currentPeriodEnd: string | null },
  freeName: string,
) {
  const end = running.cancelAt ?? running.currentPeriodEnd;
  const until = end ? `until ${formatDate(end)}` : 'until the end of the period';
  return `Your ${running.planName} plan stays active ${until} and is not renewed. Your account then moves to ${freeName}. You can resume ${running.planName} before then.`;
}
