export const ACCOUNT_TABS = [
  'profile',
  'change-password',
  'usage',
  'subscription',
  'payment-method',
  'support',
  'affiliate',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const ACCOUNT_TAB_LABELS: Record<AccountTab, string> = {
  profile: 'Profile',
  'change-password': 'Change Password',
  usage: 'Usage',
  subscription: 'Subscription',
  'payment-method': 'Payment Method',
  support: 'Support',
  affiliate: 'Affiliate',
};

/**
 * The spec's visibility rules: Change Password only for an e-mail identity; Usage, Subscription and
 * Payment Method only on a plan (a running subscription or the free plan); Profile, Support and
 * Affiliate always.
 */
export function visibleAccountTabs(user: { hasPassword: boolean; hasPlan: boolean }): AccountTab[] {
  return ACCOUNT_TABS.filter((tab) => {
    if (tab === 'change-password') return user.hasPassword;
    if (tab === 'profile' || tab === 'support' || tab === 'affiliate') return true;
    return user.hasPlan;
  });
}

/** The tab to open: Payment Method on `update-payment=1`, else `tab` when visible, else Profile. */
export function initialAccountTab(visible: AccountTab[], params: URLSearchParams): AccountTab {
  const wanted = params.get('update-payment') === '1' ? 'payment-method' : params.get('tab');
  return visible.find((tab) => tab === wanted) ?? 'profile';
}
