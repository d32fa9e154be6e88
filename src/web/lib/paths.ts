import { OAUTH_CONSENT_PATH } from '../../shared/mcp';
import { PLAN_OUTCOME_PAGE_PATH, PLAN_UNSUBSCRIBE_PAGE_PATH } from '../../shared/plan';
import type { PlanDueFilter } from '../../shared/schemas/plan';
import { sharedPagePath } from '../../shared/schemas/share';
import {
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribePageHref,
  WEEKLY_MAIL_UNSUBSCRIBE_PAGE_PATH,
  weeklyMailUnsubscribePageHref,
} from '../../shared/suggestions';

/** Every route of the spec, in one table: used by the router, links and tests. */
export const paths = {
  home: { path: '/', href: () => '/' },
  auth: { path: '/auth', href: authHref },
  waitlist: { path: '/waitlist', href: () => '/waitlist' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  completeProfile: { path: '/complete-profile', href: () => '/complete-profile' },
  onboarding: { path: '/onboarding', href: () => '/onboarding' },
  profile: { path: '/profile', href: (tab?: string) => (tab ? `/profile?tab=${tab}` : '/profile') },
  savedChats: { path: '/saved-chats', href: () => '/saved-chats' },
  memory: { path: '/memory', href: () => '/memory' },
  plan: { path: '/plan', href: (due?: PlanDueFilter) => (due ? `/plan?due=${due}` : '/plan') },
  planOutcome: { path: PLAN_OUTCOME_PAGE_PATH },
  planUnsubscribe: {
    path: PLAN_UNSUBSCRIBE_PAGE_PATH,
    href: (token: string) => `${PLAN_UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`,
  },
  consult: {
    path: '/consult',
    /** With a video link, the intake opens with it filled in. */
    href: (videoUrl?: string) => (videoUrl ? `/consult?url=${encodeURIComponent(videoUrl)}` : '/consult'),
  },
  suggestions: { path: '/suggestions', href: () => '/suggestions' },
  extension: { path: '/extension', href: () => '/extension' },
  oauthConsent: { path: OAUTH_CONSENT_PATH, href: () => OAUTH_CONSENT_PATH },
  suggestionsUnsubscribe: { path: UNSUBSCRIBE_PAGE_PATH, href: unsubscribePageHref },
  weeklyMailUnsubscribe: { path: WEEKLY_MAIL_UNSUBSCRIBE_PAGE_PATH, href: weeklyMailUnsubscribePageHref },
  chat: {
    path: '/chat/:chatId',
    /**
     * `draft`: the message box opens with it typed in (My Plan's 'Ask about this'). `version` (read-only):
     * the branch through that message is shown, not the user's branch on screen. `transcriptAt`: the
     * transcript opens at the passage of that second (a plan step's moment of a transcript with no link).
     */
    href: (
      chatId: string,
      options: { readOnly?: boolean; draft?: string; version?: string; transcriptAt?: number } = {},
    ) => {
      const search = new URLSearchParams();
      if (options.transcriptAt !== undefined) search.set(CHAT_TRANSCRIPT_PARAM, String(options.transcriptAt));
      if (options.readOnly) search.set('ia', '1');
      if (options.readOnly && options.version) search.set(CHAT_VERSION_PARAM, options.version);
      if (options.draft) search.set(CHAT_DRAFT_PARAM, options.draft);
      const query = search.toString();
      return `/chat/${encodeURIComponent(chatId)}${query ? `?${query}` : ''}`;
    },
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

/** The chat address's parameter that prefills its message box. */
export const CHAT_DRAFT_PARAM = 'draft';

/** The chat address's parameter that opens its transcript at the passage of that second. */
export const CHAT_TRANSCRIPT_PARAM = 'transcript';

/** The read-only chat address's parameter naming the version shown (staff stepping through versions). */
export const CHAT_VERSION_PARAM = 'version';

export const AUTH_VIEWS = [
  'sign_in',
  'sign_up',
  'forgotten_password',
  'magic_link',
  'update_password',
  'verify_otp',
] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

/** The auth screen's query parameter naming a notice to show on its sign-in view (it survives re-renders). */
export const AUTH_NOTICE_PARAM = 'notice';
export const AUTH_NOTICES = {
  'password-updated': 'Password updated. Sign in with your new password.',
} as const;
export type AuthNotice = keyof typeof AUTH_NOTICES;

/** The auth screen's query parameter naming the page to come back to once signed in. */
export const AUTH_NEXT_PARAM = 'next';

/**
 * A page of this site to come back to after signing in: a path (with its query) on this origin, or
 * null for anything else (another host, a protocol-relative '//host', a backslash trick, a scheme).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const base = 'http://return.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The parameters of an assistant's authorization that sent a signed-out user to sign in (decision
 * 067): Better Auth brings the user to /auth with the request's signed query. Empty when the auth
 * screen carries no such request.
 */
export function oauthRequestParams(search: URLSearchParams): Record<string, string> {
  if (!search.has('client_id') || !search.has('sig')) return {};
  const request = Object.fromEntries(search);
  for (const own of ['view', AUTH_NOTICE_PARAM, AUTH_NEXT_PARAM]) delete request[own];
  return request;
}

/**
 * The auth screen's query for another of its views: an assistant's authorization and the page to come
 * back to stay with it across views (a detour to the one-time code loses neither).
 */
export function authViewSearch(current: URLSearchParams, view: AuthView, notice?: AuthNotice) {
  const returnPath = safeReturnPath(current.get(AUTH_NEXT_PARAM));
  return new URLSearchParams({
    ...oauthRequestParams(current),
    ...(view === 'sign_in' ? {} : { view }),
    ...(notice ? { [AUTH_NOTICE_PARAM]: notice } : {}),
    ...(returnPath ? { [AUTH_NEXT_PARAM]: returnPath } : {}),
  });
}

/** Where a sign-in resumes an assistant's authorization, so its consent page follows; else null. */
export function oauthResumePath(search: URLSearchParams): string | null {
  const request = oauthRequestParams(search);
  return Object.keys(request).length ? `/api/auth/oauth2/authorize?${new URLSearchParams(request)}` : null;
}

function authHref(view?: AuthView, notice?: AuthNotice, next?: string): string {
  const params = new URLSearchParams();
  if (view) params.set('view', view);
  if (notice) params.set(AUTH_NOTICE_PARAM, notice);
  const returnPath = safeReturnPath(next);
  if (returnPath) params.set(AUTH_NEXT_PARAM, returnPath);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
