import { Link2, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import {
  COPIES_KEEP_TRANSCRIPT_HINT,
  COPIES_KEEP_TRANSCRIPT_LABEL,
  MAX_LIVE_SHARE_LINKS,
  SHARE_WARNING,
  TOO_MANY_SHARE_LINKS_MESSAGE,
} from '../../../../shared/schemas/share';
import { CopyTextButton } from '../../../components/copy-text-button';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { type ShareLink, useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

/**
 * 'Share' on a chat: read-only links to the messages on screen, each copied or revoked (a revoked link
 * answers 'not found'). The owner is told first that anyone with a link can read the conversation.
 */
export function ShareDialog({ chatId }: { chatId: string }) {
  const [open, setOpen] = useState(false);
  const links = useShareLinks(chatId, open);
  const create = useCreateShareLink(chatId);
  const [copiesKeepTranscript, setCopiesKeepTranscript] = useState(false);
  const atCap = (links.data?.length ?? 0) >= MAX_LIVE_SHARE_LINKS;
  // The server's reason when it refuses a new link (the cap, or too many links made lately).
  const refusal = isApiError(create.error) && create.error.status < 500 ? create.error.message : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Share2 /> Share
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share a read-only link</DialogTitle>
          <DialogDescription>
            People with the link see the chat's title, videos and messages.
          </DialogDescription>
        </DialogHeader>
        <Alert tone="warning">{SHARE_WARNING}</Alert>
        {links.isPending ? (
          <Spinner className="size-5" label="Loading links" />
        ) : links.isError ? (
          <Alert tone="danger">Could not load this chat's links.</Alert>
        ) : (
          <ul className="grid gap-3" aria-label="Links to this chat">
            {links.data.map((link) => (
              <ShareLinkRow key={link.id} chatId={chatId} link={link} />
            ))}
          </ul>
        )}
        <CopiesKeepTranscript checked={copiesKeepTranscript} onChange={setCopiesKeepTranscript} />
        {atCap || refusal ? (
          <Alert tone="danger">{atCap ? TOO_MANY_SHARE_LINKS_MESSAGE : refusal}</Alert>
        ) : null}
        <Button
          className="justify-self-start"
          disabled={create.isPending || atCap}
          onClick={() =>
            create.mutate(
              { copiesKeepTranscript },
              {
                onError: (error) => {
                  if (!isApiError(error) || error.status >= 500) {
                    toast.error('Could not create the link. Please try again.');
                  }
                },
              },
            )
          }
        >
          <Link2 /> {links.data?.length ? 'Create a new link' : 'Create link'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's choice, for the next link, of whether saved copies carry the pasted transcripts (off by default). */
function CopiesKeepTranscript({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {COPIES_KEEP_TRANSCRIPT_LABEL}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {COPIES_KEEP_TRANSCRIPT_HINT}
        </p>
      </div>
    </div>
  );
}

function ShareLinkRow({ chatId, link }: { chatId: string; link: ShareLink }) {
  const revoke = useRevokeShareLink(chatId);
  const url = new URL(link.path, window.location.origin).toString();
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <Input readOnly value={url} aria-label="Share link" onFocus={(event) => event.currentTarget.select()} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">
          {link.messageCount} {link.messageCount === 1 ? 'message' : 'messages'} · created{' '}
          {formatDateTime(link.createdAt)}
          {link.copiesKeepTranscript ? ' · copies keep the transcript' : ''}
        </span>
        <div className="flex gap-2">
          <CopyTextButton text={url} what="link" size="sm" />
          <Button
            size="sm"
            variant="danger"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(link.id, {
                onSuccess: () => toast.success('Link revoked'),
                onError: () => toast.error('Could not revoke the link. Please try again.'),
              })
            }
          >
            Revoke
          </Button>
        </div>
      </div>
    </li>
  );
}
