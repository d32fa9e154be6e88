import { Check, Copy } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

const COPIED_MS = 2_000;

/** Copies the rendered text of a message (markup stripped); shows "Copied" for 2 seconds. */
export function CopyButton({ source }: { source: RefObject<HTMLElement | null> }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      // innerText, not textContent: the text as shown, with its line breaks and without markup.
      // biome-ignore lint/performance/useDomNodeTextContent: see above
      await navigator.clipboard.writeText(source.current?.innerText.trim() ?? '');
      setCopied(true);
    } catch (error) {
      console.warn('Copy failed', error);
    }
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs"
      onClick={copy}
      aria-label={copied ? 'Copied' : 'Copy message'}
    >
      {copied ? <Check /> : <Copy />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
