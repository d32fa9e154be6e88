import { cn } from '../../lib/cn';

/** A spinner announced as `label`; `decorative` hides it from screen readers (text nearby says it). */
export function Spinner({
  className,
  label = 'Loading',
  decorative = false,
}: {
  className?: string;
  label?: string;
  decorative?: boolean;
}) {
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label };
  return (
    <span {...a11y} className={cn('inline-block', className)}>
      <span className="block size-5 animate-spin rounded-full border-2 border-current border-r-transparent" />
    </span>
  );
}

/** A centred spinner for a page or panel that is loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-primary">
      <Spinner className="scale-150" />
    </div>
  );
}
