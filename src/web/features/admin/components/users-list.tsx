import { ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import { ROLE_LABELS, type Role } from '../../../../shared/roles';
import { ADMIN_MESSAGES, ADMIN_SEARCH_MAX } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import { useAdminUsers } from '../api/get-users';

const SEARCH_DELAY_MS = 300;

/** The users list of /admin: search by e-mail (server side), newest first, a page at a time. */
export function UsersList({
  query,
  page,
  onNavigate,
}: {
  query: string;
  page: number;
  onNavigate: (next: { query: string; page: number }) => void;
}) {
  const [draft, setDraft] = useState(query);
  // The URL changed from elsewhere (the header's Admin link clears it): the box follows it, so the
  // delayed search below does not put the old text back.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    if (draft.trim() !== query) setDraft(query);
  }
  const users = useAdminUsers(query, page);
  useEffect(() => {
    if (draft.trim() === query) return;
    const timer = setTimeout(() => onNavigate({ query: draft.trim(), page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, query, onNavigate]);

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  return (
    <div className="grid grid-cols-1 gap-4">
      <search className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <label htmlFor="user-search" className="sr-only">
          Search users by e-mail
        </label>
        <Input
          id="user-search"
          type="search"
          className="pl-9"
          placeholder="Search by e-mail"
          maxLength={ADMIN_SEARCH_MAX}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </search>
      {users.isPending ? (
        <div className="flex justify-center p-8 text-primary">
          <Spinner label="Loading users" />
        </div>
      ) : users.isError ? (
        <Alert tone="danger">{users.error.message}</Alert>
      ) : users.data.users.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {ADMIN_MESSAGES.noUsers}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" aria-label="Users">
          {users.data.users.map((user) => (
            <li key={user.id} className="flex items-center gap-3 p-3 sm:px-4">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2">
                  <span className="truncate font-medium">{user.email}</span>
                  {user.role !== 'user' ? <Badge>{ROLE_LABELS[user.role as Role]}</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">Registered {formatDate(user.createdAt)}</p>
              </div>
              {user.pendingTickets > 0 ? (
                <Badge tone="danger" aria-label={`${user.pendingTickets} pending support tickets`}>
                  {user.pendingTickets}
                </Badge>
              ) : null}
              <Button asChild variant="outline" size="sm">
                <AppLink to={paths.userDetail.href(user.id)} aria-label={`View ${user.email}`}>
                  View <ChevronRight />
                </AppLink>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {users.data ? (
        <Pager
          page={page}
          hasNext={page < pages}
          summary={`Page ${page} of ${pages} · ${users.data.total.toLocaleString('en-US')} users`}
          onPage={(next) => onNavigate({ query, page: next })}
        />
      ) : null}
    </div>
  );
}
