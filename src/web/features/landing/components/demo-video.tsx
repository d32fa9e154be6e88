import customVideoPosterUrl from '../assets/demo-poster.svg?no-inline';
import { demo } from '../content';
import { DEMO_VIDEO } from '../demo-files';

/**
 * The demo: our recorded walk-through, or the video at DEMO_VIDEO_URL once the page learns it. Nothing
 * of the video loads before Play (preload="none"), only its poster frame; it plays muted and inline.
 * Both sit in one aspect-video box, so nothing shifts when the URL arrives after hydration.
 */
export function DemoVideo({ url }: { url: string | null }) {
  return (
    <figure className="mx-auto max-w-5xl">
      <div className="aspect-video overflow-hidden rounded-lg border bg-muted shadow-sm">
        <video
          key={url ?? 'recorded'}
          controls
          muted
          playsInline
          preload="none"
          poster={url ? customVideoPosterUrl : DEMO_VIDEO.poster}
          src={url ?? undefined}
          width={1280}
          height={720}
          aria-label="Vidvisor demo video"
          className="size-full bg-muted object-contain"
        >
          {url ? null : (
            <>
              <source src={DEMO_VIDEO.webm} type="video/webm" />
              <source src={DEMO_VIDEO.mp4} type="video/mp4" />
            </>
          )}
        </video>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        {url ? demo.videoCaption : demo.recordedCaption}
      </figcaption>
    </figure>
  );
}
