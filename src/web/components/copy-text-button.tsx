import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from './ui/button';

/**
 * Copies an address or link shown beside it; says so in a toast, and when the browser refuses the
 * clipboard, tells the user to copy the shown text by hand.
 */
export function CopyTextButton({
  text,
  what,
  size,
}: {
  text: string;
  /** what is copied, in lower case: "address" gives "Copy address" and "Address copied" */
  what: string;
  size?: 'sm';
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(`${what[0]!.toUpperCase()}${what.slice(1)} copied`);
    } catch {
      toast.error(`Could not copy: select the ${what} and copy it instead.`);
    }
  };
  return (
    <Button size={size} variant="outline" onClick={() => void copy()}>
      {copied ? <Check /> : <Copy />} {copied ? 'Copied' : `Copy ${what}`}
    </Button>
  );
}
