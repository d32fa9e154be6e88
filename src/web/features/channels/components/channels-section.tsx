import { AlertTriangle, RefreshCw, UserMinus, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { youTubeChannelUrl } from '../../../../shared/channels';
import { formatDateTime } from '../../../../shared/dates';
import { followChannelInput } from '../../../../shared/schemas/channels';
import { Section } from '../../../components/layout/page-section';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useFollowChannel } from '../api/follow-channel';
import { type FollowedChannel, useChannels } from '../api/get-channels';
import { useUnfollowChannel } from '../api/unfollow-channel';
import { ChannelAvatar } from './channel-avatar';

function FollowForm({ full }: { full: boolean }) {
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const follow = useFollowChannel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = followChannelInput.safeParse({ link });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    follow.mutate(parsed.data.link, {
      onSuccess: (channel) => {
        setLink('');
        toast.success(`You now follow ${channel.title}`);
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="grow">
        <Field
          label="Channel link"
          error={error}
          hint="A channel’s address (youtube.com/@name) or a link to one of its videos."
        >
          {(props) => (
            <Input
              {...props}
              value={link}
              onChange={(event) => setLink(event.target.value)}
              placeholder="https://www.youtube.com/@channel"
              autoComplete="off"
              inputMode="url"
            />
          )}
        </Field>
      </div>
      <Button type="submit" className="sm:mt-6" disabled={follow.isPending || full}>
        <UserPlus aria-hidden /> {follow.isPending ? 'Following…' : 'Follow'}
      </Button>
    </form>
  );
}

function channelState(channel: FollowedChannel): { text: string; failing: boolean } {
  if (channel.state === 'failing')
    return { text: channel.problem ?? 'Its videos could not be read.', failing: true };
  if (!channel.polledAt) return { text: 'Its videos are read within a few hours.', failing: false };
  return { text: `Checked ${formatDateTime(channel.polledAt)}`, failing: false };
}

function ChannelRow({ channel }: { channel: FollowedChannel }) {
  const unfollow = useUnfollowChannel();
  const state = channelState(channel);
  return (
    <li className="flex items-center gap-3 py-3">
      <ChannelAvatar url={channel.avatarUrl} title={channel.title} />
      <div className="min-w-0 grow">
        <a
          href={youTubeChannelUrl(channel.channelId)}
          target="_blank"
          rel="noreferrer"
          className="block truncate font-medium hover:underline"
        >
          {channel.title}
        </a>
        <p
          className={
            state.failing ? 'flex items-center gap-1 text-sm text-danger' : 'text-sm text-muted-foreground'
          }
        >
          {state.failing ? <AlertTriangle className="size-3.5 shrink-0" aria-hidden /> : null}
          {state.text}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        aria-label={`Unfollow ${channel.title}`}
        disabled={unfollow.isPending}
        onClick={() =>
          unfollow.mutate(channel.channelId, {
            onSuccess: () => toast.success(`You no longer follow ${channel.title}`),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        <UserMinus aria-hidden /> Unfollow
      </Button>
    </li>
  );
}

/** The Channels section: follow a channel by its link; the followed ones with their state and Unfollow. */
export function ChannelsSection() {
  const followed = useChannels();
  const count = followed.data?.channels.length ?? 0;
  const max = followed.data?.max ?? 0;
  return (
    <Section
      id="channels-heading"
      title="Channels"
      description={
        followed.data
          ? `The channels you trust: their new videos show above. You follow ${count} of up to ${max}.`
          : 'The channels you trust: their new videos show above.'
      }
    >
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <FollowForm full={Boolean(followed.data && count >= max)} />
          {followed.isPending ? (
            <div className="flex justify-center p-4 text-primary">
              <Spinner label="Loading your channels" />
            </div>
          ) : followed.isError ? (
            <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-3">
              We could not load your channels.
              <Button size="sm" variant="outline" onClick={() => followed.refetch()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </Alert>
          ) : count ? (
            <ul aria-label="Channels you follow" className="divide-y">
              {followed.data.channels.map((channel) => (
                <ChannelRow key={channel.channelId} channel={channel} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">You do not follow any channel yet.</p>
          )}
        </CardContent>
      </Card>
    </Section>
  );
}
