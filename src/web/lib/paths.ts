import { sharedPagePath } from '../../shared/schemas/share';
import { UNSUBSCRIBE_PAGE_PATH, unsubscribePageHref } from '../../shared/suggestions';

/** Every route of the spec, in one table: used by the router, links and tests. */
export const paths = {
  home: { path: '/', href: () => '/' },
  auth: { path: '/auth', href: (view?: AuthView) => (view ? `/auth?view=${view}` : '/auth') },
  waitlist: { path: '/waitlist', href: () => '/waitlist' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  completeProfile: { path: '/complete-profile', href: () => '/complete-profile' },
  onboarding: { path: '/onboarding', href: () => '/onboarding' },
  profile: { path: '/profile', href: (tab?: string) => (tab ? `/profile?tab=${tab}` : '/profile') },
  savedChats: { path: '/saved-chats', href: () => '/saved-chats' },
  consult: {
    path: '/consult',
    /** With a video link, the intake opens with it filled in. */
    href: (videoUrl?: string) => (videoUrl ? `/consult?url=${encodeURIComponent(videoUrl)}` : '/consult'),
  },
  suggestions: { path: '/suggestions', href: () => '/suggestions' },
  suggestionsUnsubscribe: { path: UNSUBSCRIBE_PAGE_PATH, href: unsubscribePageHref },
  chat: {
    path: '/chat/:chatId',
    href: (chatId: string, options: { readOnly?: boolean } = {}) =>
      `/chat/${encodeURIComponent(chatId)}${options.readOnly ? '?ia=1' : ''}`,
  },
  shared: { path: '/shared/:token', href: sharedPagePath },
  admin: { path: '/admin', href: () => '/admin' },
  userDetail: { path: '/user/:userId', href: (userId: string) => `/user/${encodeURIComponent(userId)}` },
  adminAssistant: { path: '/admin/assistant', href: () => '/admin/assistant' },
  testCheckout: {
    path: '/billing/test-checkout',
    href: (sessionId: string) => `/billing/test-checkout?session=${encodeURIComponent(sessionId)}`,
  },
  adminAudit: { path: '/admin/audit', href: () => '/admin/audit' },
  adminSuggestions: {
    path: '/admin/suggestions',
    href: (week?: string) => (week ? `/admin/suggestions?week=${week}` : '/admin/suggestions'),
  },
  resetPassword: { path: '/dashboard/reset-password', href: () => '/dashboard/reset-password' },
} as const;

export const AUTH_VIEWS = [
  'sign_in',
  'sign_up',
  'forgotten_password',
  'magic_link',
  'update_password',
  'verify_otp',
] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];
