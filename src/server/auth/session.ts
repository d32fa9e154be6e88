import { isRole } from '../../shared/roles';
import type { SessionUser } from '../context';

/** A user as Better Auth's session or a `user` row gives it. */
interface UserRecord {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
  createdAt: Date | string;
}

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : 'user',
    emailVerified: user.emailVerified,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    image: user.image ?? null,
    createdAt: new Date(user.createdAt),
  };
}
