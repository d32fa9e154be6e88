import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  danger: 'border-danger/40 bg-danger-muted text-danger',
  success: 'border-success/40 bg-success-muted text-success',
  warning: 'border-warning/50 bg-warning-muted text-foreground',
  info: 'border-primary/30 bg-secondary text-secondary-foreground',
} as const;

/** A message box; danger boxes are announced to screen readers. */
export function Alert({
  tone = 'info',
  className,
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
