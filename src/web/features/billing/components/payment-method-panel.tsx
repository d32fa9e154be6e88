import { CreditCard, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { PAYMENT_UPDATE_MESSAGES } from '../../../../shared/billing';
import { capitalize } from '../../../../shared/names';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { usePaymentMethod } from '../api/get-payment-method';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useStartPaymentUpdate } from '../api/start-payment-update';

const pad = (n: number) => String(n).padStart(2, '0');

/** The Payment Method tab: the card on file (last4, expiry) and Update Payment Method. */
export function PaymentMethodPanel() {
  const method = usePaymentMethod();
  const update = useStartPaymentUpdate();
  const portal = useOpenBillingPortal();
  if (method.isPending) return <PageSpinner />;
  if (method.isError)
    return <Alert tone="danger">We could not load your payment method. Please reload the page.</Alert>;
  const { card } = method.data;
  const go = (action: typeof update | typeof portal) =>
    action.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast.error(error.message || PAYMENT_UPDATE_MESSAGES.fallback),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Method</CardTitle>
        <CardDescription>The card your subscription is charged to.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {card ? (
          <div className="flex items-center gap-3 rounded-md border p-4">
            <CreditCard className="size-6 text-muted-foreground" aria-hidden="true" />
            <div className="grid">
              <span className="font-medium">
                {capitalize(card.brand)} ending in {card.last4}
              </span>
              <span className="text-sm text-muted-foreground">
                Expires {pad(card.expMonth)}/{card.expYear}
              </span>
            </div>
          </div>
        ) : (
          <p className="text-muted-foreground">No payment method on file</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => go(update)} disabled={update.isPending || update.isSuccess}>
            {update.isPending || update.isSuccess ? 'Opening...' : 'Update Payment Method'}
          </Button>
          {method.data.portal ? (
            <Button variant="outline" onClick={() => go(portal)} disabled={portal.isPending}>
              <ExternalLink aria-hidden="true" /> Billing portal
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
