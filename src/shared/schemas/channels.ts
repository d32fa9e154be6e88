import { z } from 'zod';
import { CHANNEL_MESSAGES, isChannelId, parseChannelLink } from '../channels';

/** A pasted channel (or video) link: 'link' names the field in every refusal. */
export const followChannelInput = z.object({
  link: z
    .string(CHANNEL_MESSAGES.notAChannel)
    .trim()
    .max(500, CHANNEL_MESSAGES.notAChannel)
    .refine((link) => parseChannelLink(link) !== null, CHANNEL_MESSAGES.notAChannel),
});
export type FollowChannelInput = z.input<typeof followChannelInput>;

export const channelIdParam = z.object({
  channelId: z.string().refine(isChannelId, 'Not a YouTube channel id'),
});

export const newVideosQuery = z.object({
  sort: z.enum(['relevance', 'date'], 'Sort by relevance or date').default('date'),
});
export type NewVideosSort = z.infer<typeof newVideosQuery>['sort'];
