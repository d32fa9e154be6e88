import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MESSAGES } from '../../../../shared/schemas/password';
import { authClient, authFailureMessage } from '../../../lib/auth-client';

/** Better Auth's change-password: it asks for the current password; other sessions are signed out. */
export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  const result = await authClient.changePassword({ ...input, revokeOtherSessions: true });
  if (result.error) throw new Error(authFailureMessage(result.error) ?? PASSWORD_MESSAGES.resetFallback);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
