import { z } from 'zod';
import { FREE_PLAN_IDS, PAID_PLAN_IDS } from '../plans';

export const freePlanInput = z.object({
  planId: z.enum(FREE_PLAN_IDS, 'Choose the free plan: free or free_annual'),
});

export const checkoutInput = z.object({
  planId: z.enum(PAID_PLAN_IDS, 'Choose a paid plan: pro, pro_annual, premium or premium_annual'),
});

/** The subscription an action applies to (our id): the server acts only on the caller's own. */
export const subscriptionActionInput = z.object({ subscriptionId: z.uuid('Unknown subscription') });

/** A checkout session id handed back on the return URL (`session_id`). */
export const checkoutSessionInput = z.object({
  sessionId: z.string().trim().min(1, 'Missing session id').max(1000, 'Not a checkout session id'),
});

function isFutureExpiry(value: string, now = new Date()): boolean {
  const [month, year] = value.split('/').map(Number);
  if (!month || year === undefined) return false;
  // A card is valid through the last day of its expiry month.
  return new Date(2000 + year, month, 1) > now;
}

/** The local test checkout's card form. */
export const testCardInput = z.object({
  name: z.string().trim().min(1, 'Enter the name on the card').max(100, 'Keep the name under 100 characters'),
  cardNumber: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'Enter a card number'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Use MM/YY')
    .refine((value) => isFutureExpiry(value), 'This card has expired'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back'),
});
export type TestCardInput = z.infer<typeof testCardInput>;
