import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type JoinWaitlistInput, joinWaitlistInput } from '../../../../shared/schemas/waitlist';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useJoinWaitlist } from '../api/join-waitlist';

export const WAITLIST_SUCCESS =
  "You've been successfully added to our waitlist! We'll notify you when we launch.";

/** The waitlist modal of the spec: e-mail, 'Join Waitlist' ('Processing...'), then 'Added to Waitlist'. */
export function WaitlistForm() {
  const [added, setAdded] = useState(false);
  const join = useJoinWaitlist();
  const form = useForm<JoinWaitlistInput>({
    resolver: zodResolver(joinWaitlistInput),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    join.mutate(values, {
      onSuccess: () => {
        form.reset({ email: '' });
        setAdded(true);
      },
    }),
  );

  return (
    <>
      <Dialog open={!added} modal={false}>
        <DialogContent dismissable={false} aria-describedby="waitlist-description">
          <DialogHeader>
            <DialogTitle>Join the Waitlist</DialogTitle>
            <DialogDescription id="waitlist-description">
              Be the first to know when Vidvisor opens to everyone.
            </DialogDescription>
          </DialogHeader>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <Field label="Email" error={form.formState.errors.email?.message}>
              {(props) => (
                <Input
                  {...props}
                  type="email"
                  autoComplete="email"
                  required
                  placeholder="you@example.com"
                  {...form.register('email')}
                />
              )}
            </Field>
            {join.isError ? <Alert tone="danger">{join.error.message}</Alert> : null}
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? 'Processing...' : 'Join Waitlist'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
      <Dialog open={added} onOpenChange={(open) => setAdded(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Added to Waitlist</DialogTitle>
            <DialogDescription>{WAITLIST_SUCCESS}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => setAdded(false)}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
