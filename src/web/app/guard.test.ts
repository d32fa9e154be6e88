import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard';

const user = (
  gate: 'complete-profile' | 'onboarding' | 'passed',
  role: 'user' | 'admin' | 'super_admin' = 'user',
) => ({
  gate,
  role,
});

describe('the router guard', () => {
  it('sends signed-out visitors to /auth', () => {
    expect(guardRedirect(null, '/dashboard')).toBe('/auth');
    expect(guardRedirect(null, '/plan', '?due=week')).toBe('/auth');
    expect(guardRedirect(null, '/consult', '?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ')).toBe(
      `/auth?next=${encodeURIComponent('/consult?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ')}`,
    );
  });

  it('sends an incomplete profile to the wizard from everywhere else', () => {
    expect(guardRedirect(user('complete-profile'), '/dashboard')).toBe('/complete-profile');
    expect(guardRedirect(user('complete-profile'), '/onboarding')).toBe('/complete-profile');
    expect(guardRedirect(user('complete-profile'), '/complete-profile')).toBeNull();
  });

  it('sends a user without a plan to /onboarding, but lets them pay, edit the profile and see the account', () => {
    expect(guardRedirect(user('onboarding'), '/dashboard')).toBe('/onboarding');
    expect(guardRedirect(user('onboarding'), '/consult')).toBe('/onboarding');
    for (const open of ['/onboarding', '/billing/test-checkout', '/profile', '/complete-profile']) {
      expect(guardRedirect(user('onboarding'), open)).toBeNull();
    }
  });

  it('lets a user who passed the gates go anywhere but the admin pages', () => {
    expect(guardRedirect(user('passed'), '/dashboard')).toBeNull();
    expect(guardRedirect(user('passed'), '/onboarding')).toBeNull();
    expect(guardRedirect(user('passed'), '/admin')).toBe('/');
    expect(guardRedirect(user('passed'), '/user/abc')).toBe('/');
    expect(guardRedirect(user('passed', 'super_admin'), '/admin/assistant')).toBeNull();
  });
});
