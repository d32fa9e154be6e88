import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type AffiliateMessageInput,
  affiliateMessageInput,
  SUPPORT_MESSAGES,
} from '../../../../shared/schemas/support';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { rateLimitedMessageOr } from '../../../lib/api-client';
import { useSendAffiliateMessage } from '../api/send-affiliate-message';

/** The Affiliate tab of /profile: a message to the team about partnering. */
export function AffiliateTab() {
  const send = useSendAffiliateMessage();
  const form = useForm<AffiliateMessageInput>({
    resolver: zodResolver(affiliateMessageInput),
    defaultValues: { message: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        form.reset({ message: '' });
        toast.success(SUPPORT_MESSAGES.affiliateSent);
      },
      onError: (error) => toast.error(rateLimitedMessageOr(error, SUPPORT_MESSAGES.affiliateFailed)),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Become an Affiliate</CardTitle>
        <CardDescription>
          Tell us about your audience and how you would like to partner with Vidvisor.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={onSubmit} noValidate>
          <Field label="Message" error={form.formState.errors.message?.message}>
            {(props) => <Textarea {...props} rows={5} required {...form.register('message')} />}
          </Field>
          <Button type="submit" disabled={send.isPending} className="justify-self-start">
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
