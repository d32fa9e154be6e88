import type { Gate } from '../../shared/gates';
import type { Role } from '../../shared/roles';
import { paths } from '../lib/paths';

export interface GuardUser {
  role: Role;
  gate: Gate;
}

const ADMIN_PATHS = [/^\/admin(\/|$)/, /^\/user\//];
/** Pages a user may still open while the plan gate is closed. */
const OPEN_DURING_ONBOARDING = new Set<string>([
  paths.onboarding.path,
  paths.completeProfile.path,
  paths.profile.path,
  paths.testCheckout.path,
]);

/**
 * Where the guarded layout sends a user instead of `pathname`, or null to stay: the router's mirror of
 * the server's gates (the server enforces them; this only saves a round trip to a 403).
 */
export function guardRedirect(user: GuardUser | null, pathname: string, search = ''): string | null {
  // A new consultation of a link (what the browser extension opens) is come back to after sign-in.
  if (!user) {
    return pathname === paths.consult.path && search
      ? paths.auth.href(undefined, undefined, `${pathname}${search}`)
      : paths.auth.href();
  }
  if (ADMIN_PATHS.some((pattern) => pattern.test(pathname)) && user.role !== 'super_admin')
    return paths.home.href();
  if (user.gate === 'complete-profile' && pathname !== paths.completeProfile.path)
    return paths.completeProfile.href();
  if (user.gate === 'onboarding' && !OPEN_DURING_ONBOARDING.has(pathname)) return paths.onboarding.href();
  return null;
}
