import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The frame of an app page: a width, a heading and optional actions. */
export function Page({
  title,
  description,
  actions,
  children,
  className,
  width = 'default',
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  width?: 'default' | 'narrow' | 'wide';
}) {
  const max = { default: 'max-w-5xl', narrow: 'max-w-2xl', wide: 'max-w-6xl' }[width];
  return (
    <main id="main" className={cn('mx-auto w-full px-4 pt-6 pb-20 sm:pt-10', max, className)}>
      {title || actions ? (
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1">
            {title ? <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1> : null}
            {description ? <p className="text-muted-foreground">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </main>
  );
}
