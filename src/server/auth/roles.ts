import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';

/**
 * Better Auth's admin plugin access control for our three roles. Only super admins hold its
 * user-management powers; admins differ from users only in skipping the onboarding gates and
 * usage limits, which our own guards and services apply.
 */
export const accessControl = createAccessControl(defaultStatements);

const noPowers = accessControl.newRole({ user: [], session: [] });

export const authRoles = {
  user: noPowers,
  admin: noPowers,
  super_admin: accessControl.newRole(adminAc.statements),
};
