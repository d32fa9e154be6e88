import { type ReactNode, useState } from 'react';

/**
 * An image from another site (YouTube's stills and avatars), or `fallback` when there is none or it
 * cannot load (offline, blocked). Sends no referrer and loads lazily.
 */
export function ExternalImage({
  src,
  className,
  fallback,
}: {
  src: string | null;
  className: string;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return fallback;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
