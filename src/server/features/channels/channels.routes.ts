import { Hono } from 'hono';
import { channelIdParam, followChannelInput, newVideosQuery } from '../../../shared/schemas/channels';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { channelsOf, followChannel, newFromChannels, unfollowChannel } from './channels.service';

/** Followed channels and 'New from your channels' (past the onboarding gates): every read is the database's. */
export function channelsRoutes(deps: AppDeps) {
  const { db } = deps;
  const onboarded = requireOnboarded(db);
  return new Hono<AppEnv>()
    .get('/', onboarded, async (c) => c.json(await channelsOf(db, currentUser(c)), 200))
    .post(
      '/',
      onboarded,
      rateLimit(deps, 'channel-follow'),
      validate('json', followChannelInput),
      async (c) =>
        c.json(await followChannel(deps, currentUser(c), c.req.valid('json').link, new Date()), 201),
    )
    .get('/videos', onboarded, validate('query', newVideosQuery), async (c) =>
      c.json(await newFromChannels(db, currentUser(c), c.req.valid('query').sort, new Date()), 200),
    )
    .delete('/:channelId', onboarded, validate('param', channelIdParam), async (c) =>
      c.json(await unfollowChannel(db, currentUser(c), c.req.valid('param').channelId), 200),
    );
}
