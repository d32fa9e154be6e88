import { isChannelAvatar } from '../../../../shared/channels';
import { ExternalImage } from '../../../components/ui/external-image';

/** A channel's avatar, or its initial when there is none, it cannot load or it is not YouTube's. */
export function ChannelAvatar({ url, title }: { url: string | null; title: string }) {
  return (
    <ExternalImage
      src={url && isChannelAvatar(url) ? url : null}
      className="size-10 shrink-0 rounded-full object-cover"
      fallback={
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground"
        >
          {title.trim().charAt(0).toUpperCase() || '?'}
        </span>
      }
    />
  );
}
