import { useState } from 'react';
import { isChannelAvatar } from '../../../../shared/channels';

/** A channel's avatar, or its initial when there is none, it cannot load or it is not YouTube's. */
export function ChannelAvatar({ url, title }: { url: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed || !isChannelAvatar(url)) {
    return (
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground"
      >
        {title.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-10 shrink-0 rounded-full object-cover"
    />
  );
}
