import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type EmailOnlyInput, emailOnlyInput } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmailField } from './fields';

/** One e-mail field that asks the server to mail something (a reset link, a magic link). */
export function EmailLinkForm({
  send,
  submitLabel,
  busyLabel,
  sentMessage,
  defaultEmail = '',
  onError,
}: {
  send: (email: string) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  sentMessage: string;
  defaultEmail?: string;
  onError: (message: string | null) => void;
}) {
  const form = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlyInput),
    defaultValues: { email: defaultEmail },
  });
  const mutation = useMutation({
    mutationFn: (values: EmailOnlyInput) => send(values.email),
    onMutate: () => onError(null),
    onError: (error) => onError(error.message),
  });
  if (mutation.isSuccess) return <Alert tone="success">{sentMessage}</Alert>;
  const busy = mutation.isPending;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      <EmailField registration={form.register('email')} error={form.formState.errors.email} disabled={busy} />
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
