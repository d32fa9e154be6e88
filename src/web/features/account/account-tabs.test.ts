import { describe, expect, it } from 'vitest';
import { initialAccountTab, visibleAccountTabs } from './account-tabs';

describe('account tabs', () => {
  it('shows Change Password to e-mail identities and the plan tabs to users on a plan', () => {
    expect(visibleAccountTabs({ hasPassword: true, hasPlan: true })).toEqual([
      'profile',
      'change-password',
      'usage',
      'subscription',
      'payment-method',
      'support',
      'affiliate',
    ]);
    expect(visibleAccountTabs({ hasPassword: false, hasPlan: true })).toEqual([
      'profile',
      'usage',
      'subscription',
      'payment-method',
      'support',
      'affiliate',
    ]);
    expect(visibleAccountTabs({ hasPassword: true, hasPlan: false })).toEqual([
      'profile',
      'change-password',
      'support',
      'affiliate',
    ]);
  });

  it('opens Payment Method on update-payment=1, a visible ?tab=, else Profile', () => {
    const all = visibleAccountTabs({ hasPassword: true, hasPlan: true });
    expect(initialAccountTab(all, new URLSearchParams('update-payment=1&session_id=x'))).toBe(
      'payment-method',
    );
    expect(initialAccountTab(all, new URLSearchParams('tab=subscription'))).toBe('subscription');
    expect(initialAccountTab(all, new URLSearchParams('tab=support'))).toBe('support');
    expect(initialAccountTab(['profile'], new URLSearchParams('tab=subscription'))).toBe('profile');
    expect(initialAccountTab(all, new URLSearchParams('tab=nonsense'))).toBe('profile');
  });
});
