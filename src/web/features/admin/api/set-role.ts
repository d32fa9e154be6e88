import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/roles';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

export async function setRole({ userId, role }: { userId: string; role: Role }) {
  return unwrap(await api.admin.users[':id'].role.$put({ param: { id: userId }, json: { role } }));
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
