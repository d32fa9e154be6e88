import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
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
