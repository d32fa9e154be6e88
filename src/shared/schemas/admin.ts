import { z } from 'zod';
import { ROLES } from '../roles';
import { pageParam } from './common';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;
/** A user's chats per page on the admin's user detail ('Load more' fetches the next). */
export const ADMIN_USER_CHATS_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX = 254;

export const ADMIN_MESSAGES = {
  privilegeUpdated: 'Privilege updated successfully',
  privilegeFailed: 'Failed to update privilege',
  profileFailed: 'Failed to load business profile',
  usageFailed: 'Failed to load usage data',
  chatDeleted: 'Chat deleted successfully',
  chatDeleteFailed: 'Failed to delete chat',
  noUsers: 'No users found',
  noWaitlist: 'No users in waitlist',
  waitlistFailed: 'Failed to load waitlist',
  jobsFailed: 'Failed to load the background jobs',
  noSubscription: 'No active subscription',
} as const;

/** Admin screens close their toasts sooner than the default (the spec: 3000 ms). */
export const ADMIN_TOAST_MS = 3000;

export const adminUsersQuery = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX, 'Keep the search under 254 characters').optional().default(''),
  page: pageParam,
});

export const setRoleInput = z.object({ role: z.enum(ROLES, 'Choose a privilege level') });

/** The audit log's filter by kind: staff reads of a user's data, or changes. */
export const AUDIT_KINDS = ['all', 'reads', 'changes'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const auditQuery = z.object({
  /** An actor's e-mail or id. */
  actor: z.string().trim().max(254).optional().default(''),
  /** A target's id (user, ticket, chat). */
  target: z.string().trim().max(254).optional().default(''),
  kind: z.enum(AUDIT_KINDS, 'Choose all, reads or changes').optional().default('all'),
  page: pageParam,
});

/** A user id (Better Auth's random text ids). */
export const userIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a user id'),
});
