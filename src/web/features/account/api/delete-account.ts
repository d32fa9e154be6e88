import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../shared/schemas/account';
import { api, unwrap } from '../../../lib/api-client';

/** Deletes the account, with its proof: the password, or nothing after a fresh sign-in. */
export async function deleteAccount(input: DeleteAccountInput) {
  return unwrap(await api.account.$delete({ json: input }));
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
