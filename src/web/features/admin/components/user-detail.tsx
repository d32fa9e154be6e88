import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, Briefcase, LifeBuoy, ShieldPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import { formatPrice } from '../../../../shared/plans';
import { ROLE_LABELS } from '../../../../shared/roles';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useUserDetail } from '../api/get-user-detail';
import { adminUserKey } from '../api/keys';
import { PrivilegeDialog } from './privilege-dialog';
import { ProfileDialog } from './profile-dialog';
import { TicketsDialog } from './tickets-dialog';
import { UsageDialog } from './usage-dialog';
import { UserChats } from './user-chats';

type Panel = 'privilege' | 'profile' | 'tickets' | 'usage' | null;

/** /user/{id}: who the user is, the admin's actions on them, and their chats. */
export function UserDetail({ userId }: { userId: string }) {
  const detail = useUserDetail(userId);
  const [panel, setPanel] = useState<Panel>(null);
  const queryClient = useQueryClient();
  // The admin's view of this user's data (chats above all) leaves the browser with the page.
  useEffect(() => () => queryClient.removeQueries({ queryKey: adminUserKey(userId) }), [queryClient, userId]);

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) return <Alert tone="danger">{detail.error.message}</Alert>;
  const { user, plan, unresolvedTickets } = detail.data;
  const panelProps = (name: Exclude<Panel, null>) => ({
    userId,
    open: panel === name,
    onOpenChange: (open: boolean) => setPanel(open ? name : null),
  });
  return (
    <div className="grid grid-cols-1 gap-6">
      <section className="grid grid-cols-1 gap-4 rounded-lg border bg-card p-4 sm:p-6" aria-label="User">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 truncate text-lg font-semibold">{user.email}</p>
          {user.role !== 'user' ? <Badge tone="primary">{ROLE_LABELS[user.role]}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">Created {formatDate(user.createdAt)}</p>
        <p className="text-sm">
          {plan ? (
            <>
              <span className="font-medium">{plan.name}</span> · {formatPrice(plan.priceCents)}/
              {plan.interval === 'year' ? 'yr' : 'mo'}
            </>
          ) : (
            <span className="text-muted-foreground">{ADMIN_MESSAGES.noSubscription}</span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setPanel('privilege')}>
            <ShieldPlus /> Add Privilege
          </Button>
          <Button variant="outline" onClick={() => setPanel('profile')}>
            <Briefcase /> Business Profile
          </Button>
          <Button variant="outline" onClick={() => setPanel('tickets')}>
            <LifeBuoy /> Support Tickets
            {unresolvedTickets > 0 ? (
              <Badge tone="danger" aria-label={`${unresolvedTickets} unresolved`}>
                {unresolvedTickets}
              </Badge>
            ) : null}
          </Button>
          <Button variant="outline" onClick={() => setPanel('usage')}>
            <BarChart3 /> Usage
          </Button>
        </div>
      </section>
      <UserChats userId={userId} />
      <PrivilegeDialog email={user.email} {...panelProps('privilege')} />
      <ProfileDialog {...panelProps('profile')} />
      <TicketsDialog {...panelProps('tickets')} />
      <UsageDialog {...panelProps('usage')} />
    </div>
  );
}
