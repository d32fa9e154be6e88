import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  neutral: 'bg-muted text-foreground',
  primary: 'bg-primary text-primary-foreground',
  danger: 'bg-danger text-danger-foreground',
  success: 'bg-success-muted text-success',
  warning: 'bg-warning-muted text-foreground',
} as const;

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
