import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { formatDateTime } from '../../../shared/dates';
import { chatDisplayTitle } from '../../../shared/schemas/chats';
import { AppLink } from '../../lib/link';
import { Button } from '../ui/button';
import type { ChatTarget } from './chat-dialogs';

export interface ChatListEntry extends ChatTarget {
  totalTokens: number;
  createdAt: string;
}

/**
 * The spec's chat rows: edit-title, title (or 'Untitled Chat'), tokens, created date, delete and open.
 * Used by Recent Chats and by the admin's user detail.
 */
export function ChatList({
  chats,
  openHref,
  onRename,
  onDelete,
}: {
  chats: ChatListEntry[];
  openHref: (chatId: string) => string;
  onRename: (chat: ChatListEntry) => void;
  onDelete: (chat: ChatListEntry) => void;
}) {
  if (chats.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No recent chats</p>
    );
  }
  return (
    <ul className="divide-y rounded-lg border bg-card">
      {chats.map((chat) => {
        const title = chatDisplayTitle(chat.title);
        return (
          <li key={chat.id} className="flex items-center gap-2 p-3 sm:gap-3 sm:px-4">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Rename ${title}`}
              title="Edit title"
              onClick={() => onRename(chat)}
            >
              <Pencil />
            </Button>
            <ChatSummary chat={chat} href={openHref(chat.id)} />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${title}`}
              title="Delete"
              className="text-danger hover:text-danger"
              onClick={() => onDelete(chat)}
            >
              <Trash2 />
            </Button>
            <Button asChild variant="outline" size="icon" title="Open">
              <AppLink to={openHref(chat.id)} aria-label={`Open ${title}`}>
                <ExternalLink />
              </AppLink>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** A chat's title (a link to it), token count and created date (MM/DD/YYYY hh:mm A). */
export function ChatSummary({ chat, href }: { chat: ChatListEntry; href: string }) {
  return (
    <div className="min-w-0 flex-1">
      <AppLink to={href} className="block truncate font-medium hover:underline">
        {chatDisplayTitle(chat.title)}
      </AppLink>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span>{chat.totalTokens.toLocaleString('en-US')} tokens</span>
        <time dateTime={chat.createdAt}>{formatDateTime(chat.createdAt)}</time>
      </p>
    </div>
  );
}
