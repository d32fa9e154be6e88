import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { CHANNELS_KEY } from './keys';

export async function followChannel(link: string) {
  return unwrap(await api.channels.$post({ json: { link } }));
}

/** Follows the channel of a link; the channels and their videos are read again. */
export function useFollowChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}
