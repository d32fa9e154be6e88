import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { SupportForm } from './support-form';
import { TicketList } from './ticket-list';

/** The Support tab of /profile: write to support, and the tickets with their threads. */
export function SupportTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Contact Support</CardTitle>
          <CardDescription>Tell us what is going on; we answer here and by e-mail.</CardDescription>
        </CardHeader>
        <CardContent>
          <SupportForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your Support Tickets</CardTitle>
        </CardHeader>
        <CardContent>
          <TicketList />
        </CardContent>
      </Card>
    </div>
  );
}
