import posterUrl from '../assets/demo-poster.svg?no-inline';
import { demo } from '../content';

/**
 * The demo: the video once its URL is known, otherwise the same still as a poster frame (not playable).
 * Both sit in one aspect-video box, so nothing shifts when the URL arrives after hydration.
 */
export function DemoVideo({ url }: { url: string | null }) {
  return (
    <figure className="mx-auto max-w-5xl">
      <div className="aspect-video overflow-hidden rounded-lg border bg-muted shadow-sm">
        {url ? (
          // biome-ignore lint/a11y/useMediaCaption: configuration gives the video's URL only, no captions.
          <video
            controls
            preload="none"
            poster={posterUrl}
            src={url}
            aria-label="Vidvisor demo video"
            className="size-full bg-muted object-contain"
          />
        ) : (
          <img
            src={posterUrl}
            alt={demo.stillAlt}
            width={1280}
            height={720}
            decoding="async"
            className="size-full object-cover"
          />
        )}
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        {url ? demo.videoCaption : demo.stillCaption}
      </figcaption>
    </figure>
  );
}
