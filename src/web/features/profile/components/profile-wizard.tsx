import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { type FieldError, get, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { knownLanguage } from '../../../../shared/languages';
import {
  type BusinessProfileInput,
  businessProfileInput,
  isProfileComplete,
} from '../../../../shared/schemas/profile';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';
import type { Profile } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';
import { AnswerLanguageField } from './answer-language-field';
import { WIZARD_STEPS, type WizardField } from './wizard-steps';

/**
 * The Complete Your Profile wizard: four steps with a progress indicator; Next is blocked until the
 * step's required fields are filled; the last button saves (custom label, 'Submitting...' meanwhile).
 */
export function ProfileWizard({
  profile,
  submitLabel = 'Complete Profile',
  onSaved,
}: {
  profile: Profile;
  submitLabel?: string;
  onSaved: () => void;
}) {
  const { email, ...initial } = profile;
  const [step, setStep] = useState(0);
  const save = useSaveProfile();
  const form = useForm<ProfileFormValues, unknown, BusinessProfileInput>({
    resolver: zodResolver(businessProfileInput),
    defaultValues: withProposedLanguage(initial),
    mode: 'onTouched',
  });
  const current = WIZARD_STEPS[step]!;
  const last = step === WIZARD_STEPS.length - 1;

  async function next() {
    const valid = await form.trigger(
      current.fields.map((field) => field.name),
      { shouldFocus: true },
    );
    if (valid) setStep(step + 1);
  }

  const submit = form.handleSubmit((values) => save.mutate(values, { onSuccess: onSaved }));

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        if (last) return submit(event);
        event.preventDefault();
        void next();
      }}
    >
      <StepIndicator step={step} />
      <fieldset className="grid gap-4" disabled={save.isPending}>
        <legend className="mb-2 text-lg font-semibold">{current.title}</legend>
        {step === 0 ? (
          <Field label="Email" hint="The address you sign in with.">
            {(props) => <Input {...props} value={email} readOnly type="email" />}
          </Field>
        ) : null}
        {current.fields.map((field) => (
          <WizardInput key={field.name} field={field} form={form} />
        ))}
        {last ? <AnswerLanguageField registration={form.register('answerLanguage')} /> : null}
      </fieldset>
      {save.isError ? <Alert tone="danger">{save.error.message}</Alert> : null}
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="outline"
          onClick={() => setStep(step - 1)}
          disabled={step === 0 || save.isPending}
          className={cn(step === 0 && 'invisible')}
        >
          Back
        </Button>
        {last ? (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Submitting...' : submitLabel}
          </Button>
        ) : (
          <Button type="submit">Next</Button>
        )}
      </div>
    </form>
  );
}

type ProfileFormValues = z.input<typeof businessProfileInput>;

/** A profile being set up for the first time proposes the browser's language for 'Answer in'. */
function withProposedLanguage(profile: BusinessProfileInput): ProfileFormValues {
  if (isProfileComplete(profile)) return profile;
  return { ...profile, answerLanguage: knownLanguage(navigator.language) ?? profile.answerLanguage };
}

function WizardInput({
  field,
  form,
}: {
  field: WizardField;
  form: UseFormReturn<ProfileFormValues, unknown, BusinessProfileInput>;
}) {
  const error: FieldError | undefined = get(form.formState.errors, field.name);
  const Control = field.multiline ? Textarea : Input;
  return (
    <Field label={field.label} error={error?.message}>
      {(props) => (
        <Control
          {...props}
          {...form.register(field.name)}
          placeholder={field.placeholder}
          required={!field.optional}
          aria-required={!field.optional}
          rows={field.multiline ? 3 : undefined}
        />
      )}
    </Field>
  );
}

function StepIndicator({ step }: { step: number }) {
  const total = WIZARD_STEPS.length;
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium text-muted-foreground">
        Step {step + 1} of {total}
      </p>
      <Progress value={((step + 1) / total) * 100} label={`Step ${step + 1} of ${total}`} />
      <ol className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4 sm:text-sm">
        {WIZARD_STEPS.map((item, index) => (
          <li
            key={item.title}
            aria-current={index === step ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2',
              index === step ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                index < step && 'border-primary bg-primary text-primary-foreground',
                index === step && 'border-primary text-primary',
              )}
            >
              {index < step ? <Check className="size-3.5" aria-hidden="true" /> : index + 1}
            </span>
            {item.title}
          </li>
        ))}
      </ol>
    </div>
  );
}
