import { Download, FileText, Pencil, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CHAT_SEARCH_MAX, chatDisplayTitle } from '../../../../shared/schemas/chats';
import { ChatSummary } from '../../../components/chats/chat-list';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { CHAT_SEARCH_INPUT_ID } from '../../../lib/shortcuts';
import { chatExportHref } from '../api/export-chat';
import { type ChatSearchResult, useSearchChats } from '../api/search-chats';
import { type ChatActions, ChatManager } from './chat-manager';
import { HighlightedSnippet } from './highlighted-snippet';

/** Saved Chats: full-text search over titles, transcripts and messages, newest first, a page at a time. */
export function SavedChats({
  query,
  page,
  focusSearch = false,
  onNavigate,
}: {
  query: string;
  page: number;
  /** Focus the search field on opening (the 's' shortcut). */
  focusSearch?: boolean;
  onNavigate: (next: { query: string; page: number }) => void;
}) {
  const [draft, setDraft] = useState(query);
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusSearch) searchField.current?.focus();
  }, [focusSearch]);
  const result = useSearchChats(query, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNavigate({ query: draft.trim(), page: 1 });
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <search>
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={CHAT_SEARCH_INPUT_ID} className="sr-only">
            Search your chats
          </label>
          <Input
            id={CHAT_SEARCH_INPUT_ID}
            ref={searchField}
            className="min-w-0"
            type="search"
            value={draft}
            maxLength={CHAT_SEARCH_MAX}
            placeholder="Search titles, transcripts and messages"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">
            <Search /> Search
          </Button>
        </form>
      </search>
      {result.isPending ? (
        <div className="flex justify-center p-8 text-primary">
          <Spinner label="Loading chats" />
        </div>
      ) : result.isError ? (
        <Alert tone="danger">{result.error.message}</Alert>
      ) : (
        <ChatManager>
          {(actions) => <Results result={result.data} query={query} actions={actions} />}
        </ChatManager>
      )}
      {result.data ? (
        <Pager
          page={page}
          hasNext={result.data.hasMore}
          onPage={(next) => onNavigate({ query, page: next })}
        />
      ) : null}
    </div>
  );
}

function Results({
  result,
  query,
  actions,
}: {
  result: ChatSearchResult;
  query: string;
  actions: ChatActions;
}) {
  if (result.chats.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        {query ? `No chats match “${query}”.` : 'Your saved chats will appear here'}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={query ? 'Search results' : 'Saved chats'}>
      {result.chats.map((chat) => {
        const title = chatDisplayTitle(chat.title);
        return (
          <li key={chat.id} className="grid min-w-0 gap-2 rounded-lg border bg-card p-4">
            <div className="flex min-w-0 items-start gap-2">
              <ChatSummary chat={chat} href={paths.chat.href(chat.id)} />
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" size="sm" aria-label={`Export ${title}`}>
                    <Download /> <span className="hidden sm:inline">Export</span>
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem asChild>
                    <a href={chatExportHref(chat.id, 'md')} download>
                      <FileText /> Markdown (.md)
                    </a>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <a href={chatExportHref(chat.id, 'pdf')} download>
                      <FileText /> PDF (.pdf)
                    </a>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Rename ${title}`}
                onClick={() => actions.rename(chat)}
              >
                <Pencil />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${title}`}
                className="text-danger hover:text-danger"
                onClick={() => actions.remove(chat)}
              >
                <Trash2 />
              </Button>
            </div>
            {chat.snippet ? <HighlightedSnippet snippet={chat.snippet} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
