import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function deleteAccount() {
  return unwrap(await api.account.$delete());
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
