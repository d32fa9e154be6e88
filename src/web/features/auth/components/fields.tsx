import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  disabled?: boolean;
}

export function EmailField({
  label = 'Email',
  registration,
  error,
  disabled,
}: Omit<FieldProps, 'label'> & { label?: string }) {
  return (
    <Field label={label} error={error?.message}>
      {(props) => (
        <Input
          {...props}
          {...registration}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@business.com"
          disabled={disabled}
        />
      )}
    </Field>
  );
}

export function PasswordField({
  label,
  registration,
  error,
  disabled,
  autoComplete = 'current-password',
}: FieldProps & { autoComplete?: 'current-password' | 'new-password' }) {
  return (
    <Field label={label} error={error?.message}>
      {(props) => (
        <Input {...props} {...registration} type="password" autoComplete={autoComplete} disabled={disabled} />
      )}
    </Field>
  );
}
