import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** The frame every auth view shares: a title, the provider's error in a danger box, the form, links. */
export function AuthCard({
  title,
  description,
  error,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  error?: string | null;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="text-2xl">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {children}
        {footer ? <div className="grid gap-2 border-t pt-4 text-center text-sm">{footer}</div> : null}
      </CardContent>
    </Card>
  );
}

export function ViewLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer text-primary underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}
