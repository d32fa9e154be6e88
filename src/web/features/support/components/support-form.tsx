import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type CreateTicketInput,
  createTicketInput,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
} from '../../../../shared/schemas/support';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { rateLimitedMessageOr } from '../../../lib/api-client';
import { useCreateTicket } from '../api/create-ticket';

/** Write to support: subject optional ('General Inquiry' when empty), message required; creates a ticket. */
export function SupportForm({ compact = false }: { compact?: boolean }) {
  const create = useCreateTicket();
  const form = useForm<CreateTicketInput>({
    resolver: zodResolver(createTicketInput),
    defaultValues: { subject: '', message: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        form.reset({ subject: '', message: '' });
        toast.success(SUPPORT_MESSAGES.sent);
      },
      onError: (error) => toast.error(rateLimitedMessageOr(error, SUPPORT_MESSAGES.sendFailed)),
    }),
  );
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <Field label="Subject (optional)" error={form.formState.errors.subject?.message}>
        {(props) => (
          <Input
            {...props}
            placeholder="General Inquiry"
            maxLength={SUPPORT_LIMITS.subject}
            {...form.register('subject')}
          />
        )}
      </Field>
      <Field label="Message" error={form.formState.errors.message?.message}>
        {(props) => (
          <Textarea
            {...props}
            rows={compact ? 3 : 5}
            required
            placeholder="How can we help?"
            {...form.register('message')}
          />
        )}
      </Field>
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
