import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical, Lock } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { TEST_CARDS } from '../../../../shared/billing';
import { formatPrice } from '../../../../shared/plans';
import { type TestCardInput, testCardInput } from '../../../../shared/schemas/billing';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/link';
import { useCompleteTestCheckout } from '../api/complete-test-checkout';
import { type TestCheckout, useTestCheckout } from '../api/get-test-checkout';

const numeric = { inputMode: 'numeric' } as const;

/** The path and query of an absolute URL of our app, for client-side navigation. */
const pathOf = (url: string) => {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
};

function summary(checkout: TestCheckout): { title: string; detail: string; action: string } {
  if (checkout.mode === 'setup' || !checkout.plan) {
    return {
      title: 'Update payment method',
      detail: 'Save a new card for your subscription.',
      action: 'Save card',
    };
  }
  const price = `${formatPrice(checkout.plan.priceCents)}/${checkout.plan.interval === 'year' ? 'yr' : 'mo'}`;
  return checkout.trialDays > 0
    ? {
        title: `Subscribe to ${checkout.plan.name}`,
        detail: `${checkout.trialDays}-day free trial, then ${price}. Cancel any time.`,
        action: 'Start trial',
      }
    : {
        title: `Subscribe to ${checkout.plan.name}`,
        detail: `${price}. Cancel any time.`,
        action: 'Subscribe',
      };
}

/** The local provider's checkout page: clearly a test, paid with one of the listed test card numbers. */
export function TestCheckoutPanel({
  sessionId,
  onDone,
}: {
  sessionId: string;
  onDone: (path: string) => void;
}) {
  const checkout = useTestCheckout(sessionId);
  if (checkout.isPending) return <PageSpinner />;
  if (checkout.isError) {
    return (
      <Alert tone="danger">
        This checkout link is not valid for your account. Go back and choose your plan again.
      </Alert>
    );
  }
  return <TestCheckoutForm checkout={checkout.data} onDone={onDone} />;
}

function TestCheckoutForm({ checkout, onDone }: { checkout: TestCheckout; onDone: (path: string) => void }) {
  const complete = useCompleteTestCheckout();
  const form = useForm<TestCardInput>({
    resolver: zodResolver(testCardInput),
    defaultValues: { name: '', cardNumber: '', expiry: '', cvc: '' },
  });
  const errors = form.formState.errors;
  const text = summary(checkout);
  const busy = complete.isPending || complete.isSuccess;
  const cardField = (name: keyof TestCardInput, label: string, inputProps: ComponentProps<'input'>) => (
    <Field label={label} error={errors[name]?.message}>
      {(props) => <Input {...props} {...inputProps} {...form.register(name)} disabled={busy} />}
    </Field>
  );

  return (
    <div className="grid gap-6">
      <Alert tone="warning" className="flex items-start gap-3">
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          <strong>Test checkout.</strong> No real payment is taken: this app runs with the local billing
          provider. Use a test card number below.
        </span>
      </Alert>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle>{text.title}</CardTitle>
            <CardDescription>{text.detail}</CardDescription>
          </CardHeader>
          <CardContent>
            {checkout.status !== 'open' ? (
              <Alert tone="danger">This checkout has expired. Go back and start again.</Alert>
            ) : (
              <form
                className="grid gap-4"
                noValidate
                onSubmit={form.handleSubmit((card) =>
                  complete.mutate(
                    { sessionId: checkout.id, card },
                    { onSuccess: (result) => onDone(pathOf(result.redirectUrl)) },
                  ),
                )}
              >
                {cardField('name', 'Name on card', { autoComplete: 'cc-name' })}
                {cardField('cardNumber', 'Card number', {
                  ...numeric,
                  autoComplete: 'cc-number',
                  placeholder: '4242 4242 4242 4242',
                })}
                <div className="grid grid-cols-2 gap-4">
                  {cardField('expiry', 'Expiry (MM/YY)', {
                    ...numeric,
                    autoComplete: 'cc-exp',
                    placeholder: '12/34',
                  })}
                  {cardField('cvc', 'CVC', { ...numeric, autoComplete: 'cc-csc', placeholder: '123' })}
                </div>
                {complete.isError ? <Alert tone="danger">{complete.error.message}</Alert> : null}
                <Button type="submit" size="lg" disabled={busy}>
                  <Lock aria-hidden="true" />
                  {busy ? 'Processing...' : text.action}
                </Button>
                <AppLink
                  to={checkout.cancelUrl}
                  className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline"
                >
                  Cancel and go back
                </AppLink>
              </form>
            )}
          </CardContent>
        </Card>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle className="text-base">Test card numbers</CardTitle>
            <CardDescription>Any future expiry date and any 3-digit CVC.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              {TEST_CARDS.map((card) => (
                <div key={card.number}>
                  <dt className="font-mono font-medium">{card.number}</dt>
                  <dd className="text-muted-foreground">
                    {card.brand === 'visa' ? 'Visa' : 'Mastercard'}: {card.outcome}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
