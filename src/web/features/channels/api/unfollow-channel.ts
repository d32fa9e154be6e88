import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { CHANNELS_KEY } from './keys';

export async function unfollowChannel(channelId: string) {
  return unwrap(await api.channels[':channelId'].$delete({ param: { channelId } }));
}

export function useUnfollowChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}
