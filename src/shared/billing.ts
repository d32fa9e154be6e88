/** Card numbers the local test checkout accepts, as Stripe's test mode does. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', brand: 'visa', outcome: 'succeeds' },
  { number: '5555 5555 5555 4444', brand: 'mastercard', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', brand: 'visa', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', brand: 'visa', outcome: 'is declined (insufficient funds)' },
] as const;

export type TestCardResult =
  | { ok: true; brand: string }
  | { ok: false; code: 'card_declined' | 'unknown_test_card'; message: string };

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

/** What the local provider does with a card number (spaces ignored). */
export function testCardResult(cardNumber: string): TestCardResult {
  const digits = cardNumber.replace(/\s+/g, '');
  const card = TEST_CARDS.find((c) => c.number.replace(/\s+/g, '') === digits);
  if (!card) {
    return {
      ok: false,
      code: 'unknown_test_card',
      message: 'Use one of the test card numbers shown on this page.',
    };
  }
  if (card.outcome !== 'succeeds') {
    const message = card.outcome.includes('insufficient')
      ? 'Your card has insufficient funds.'
      : CARD_DECLINED_MESSAGE;
    return { ok: false, code: 'card_declined', message };
  }
  return { ok: true, brand: card.brand };
}

/** Messages of the payment-method update, as the spec words them. */
export const PAYMENT_UPDATE_MESSAGES = {
  success: 'Payment updated successfully',
  verifyFailed: 'Failed to verify payment update',
  fallback: 'An error occurred while updating payment method',
} as const;

export const SUBSCRIPTION_UPDATED_MESSAGE = 'Subscription updated!';
export const NO_SUBSCRIPTION_MESSAGE = 'No subscription found';
