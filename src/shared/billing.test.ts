import { describe, expect, it } from 'vitest';
import { testCardResult } from './billing';
import { customerNameFor } from './names';
import { testCardInput } from './schemas/billing';
import { canResume, subscriptionDateLine, subscriptionStatusLabel } from './subscriptions';

const now = new Date('2026-11-21T12:00:00Z');
const periodEnd = new Date('2026-12-21T12:00:00Z');
const sub = {
  status: 'active',
  currentPeriodEnd: periodEnd,
  cancelAtPeriodEnd: false,
  cancelAt: null,
  canceledAt: null,
  endedAt: null,
};

describe('subscription display', () => {
  it('shows the next payment from the period end while renewing', () => {
    expect(subscriptionDateLine(sub)).toEqual({ kind: 'next-payment', date: periodEnd });
  });

  it('shows the end date (cancel_at) once cancelled and not yet ended', () => {
    const cancelling = { ...sub, cancelAtPeriodEnd: true, cancelAt: periodEnd, canceledAt: now };
    expect(subscriptionDateLine(cancelling)).toEqual({ kind: 'ends', date: periodEnd });
    expect(canResume(cancelling, now)).toBe(true);
    expect(canResume(sub, now)).toBe(false);
  });

  it('shows no date once ended', () => {
    expect(subscriptionDateLine({ ...sub, status: 'canceled', canceledAt: now, endedAt: now })).toEqual({
      kind: 'none',
    });
  });

  it('maps statuses to labels', () => {
    expect(subscriptionStatusLabel({ status: 'trialing', cancelAtPeriodEnd: false })).toBe('Trial');
    expect(subscriptionStatusLabel({ status: 'active', cancelAtPeriodEnd: false })).toBe('Active');
    expect(subscriptionStatusLabel({ status: 'active', cancelAtPeriodEnd: true })).toBe('Cancels');
    expect(subscriptionStatusLabel({ status: 'past_due', cancelAtPeriodEnd: false })).toBe('Past due');
    expect(subscriptionStatusLabel({ status: 'canceled', cancelAtPeriodEnd: true })).toBe('Canceled');
    expect(subscriptionStatusLabel({ status: 'something_new', cancelAtPeriodEnd: false })).toBe('Unknown');
  });
});

describe('test cards', () => {
  it('accepts the success numbers and declines the decline numbers, spaces ignored', () => {
    expect(testCardResult('4242424242424242')).toEqual({ ok: true, brand: 'visa' });
    expect(testCardResult('5555 5555 5555 4444')).toEqual({ ok: true, brand: 'mastercard' });
    expect(testCardResult('4000 0000 0000 0002')).toMatchObject({ ok: false, code: 'card_declined' });
    expect(testCardResult('4111 1111 1111 1111')).toMatchObject({ ok: false, code: 'unknown_test_card' });
  });

  it('validates the card form', () => {
    const card = { name: 'Maya', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    expect(testCardInput.safeParse(card).success).toBe(true);
    expect(testCardInput.safeParse({ ...card, expiry: '13/30' }).success).toBe(false);
    expect(testCardInput.safeParse({ ...card, expiry: '01/20' }).success).toBe(false);
    expect(testCardInput.safeParse({ ...card, cvc: '12' }).success).toBe(false);
    expect(testCardInput.safeParse({ ...card, cardNumber: 'abcd' }).success).toBe(false);
  });
});

describe('customer name', () => {
  it('is the first and last name, else the part of the e-mail before the @', () => {
    expect(customerNameFor({ firstName: 'Maya', lastName: 'Okafor', email: 'm@x.com' })).toBe('Maya Okafor');
    expect(customerNameFor({ firstName: null, lastName: ' ', email: 'jane.doe@x.com' })).toBe('jane.doe');
  });
});
