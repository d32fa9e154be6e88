import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type AssistantSettingsInput, assistantSettingsInput } from '../../../../shared/schemas/assistant';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAssistant } from '../api/get-assistant';
import { useModels } from '../api/get-models';
import { useUpdateAssistant } from '../api/update-assistant';

const ADMIN_TOAST = { duration: 3000 };
/** The assistant's instructions and model, for super admins. */
export function AssistantForm() {
  const settings = useAssistant();
  const models = useModels(settings.data?.provider === 'openai');
  const update = useUpdateAssistant();
  const form = useForm<AssistantSettingsInput>({
    resolver: zodResolver(assistantSettingsInput),
    defaultValues: { instructions: '', model: '' },
  });
  const { reset } = form;

  useEffect(() => {
    if (settings.data) reset({ instructions: settings.data.instructions, model: settings.data.model });
  }, [settings.data, reset]);
  useEffect(() => {
    if (settings.isError) toast.error('Failed to load assistant settings', ADMIN_TOAST);
  }, [settings.isError]);
  useEffect(() => {
    if (models.isError) toast.error('Failed to load available models', ADMIN_TOAST);
  }, [models.isError]);

  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <Alert tone="danger">Failed to load assistant settings</Alert>;

  // The provider's models while it lists them (none yet while loading); otherwise (offline model, list
  // failed or empty) the id is typed.
  const listed = models.data?.length ? models.data : models.isLoading ? [] : null;
  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success('Assistant settings updated successfully', ADMIN_TOAST),
      onError: () => toast.error('Failed to update assistant settings', ADMIN_TOAST),
    }),
  );
  const busy = update.isPending;
  return (
    <Card>
      <CardContent className="grid gap-5 pt-5 sm:pt-6">
        {settings.data.providerWarning ? (
          <Alert tone="warning">
            {settings.data.providerWarning}. Users get answers from the built-in offline model until it is
            set.
          </Alert>
        ) : null}
        <form className="grid gap-5" noValidate onSubmit={save}>
          <Field label="Instructions" error={form.formState.errors.instructions?.message}>
            {(props) => (
              <Textarea
                {...props}
                {...form.register('instructions')}
                disabled={busy}
                className="min-h-72 font-mono text-sm"
              />
            )}
          </Field>
          <Field label="Model" error={form.formState.errors.model?.message}>
            {(props) =>
              listed === null ? (
                <Input {...props} {...form.register('model')} required disabled={busy} spellCheck={false} />
              ) : (
                <Select {...props} {...form.register('model')} disabled={busy}>
                  {[...new Set([settings.data.model, ...listed])].map((model) => (
                    <option key={model} value={model}>
                      {model}
                    </option>
                  ))}
                </Select>
              )
            }
          </Field>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? 'Updating...' : 'Update Assistant'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
