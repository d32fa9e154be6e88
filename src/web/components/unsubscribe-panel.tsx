import type { UseMutationResult } from '@tanstack/react-query';
import { MailX, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { isApiError } from '../lib/api-client';
import { AppLink } from '../lib/link';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { Spinner } from './ui/spinner';

/**
 * An e-mail's unsubscribe link lands here: the page unsubscribes at once (no sign-in: the link's token
 * is the proof). It runs in the browser, so a mail scanner fetching the link changes nothing.
 */
export function UnsubscribePanel({
  token,
  unsubscribe,
  mailName,
  done,
  back,
}: {
  token: string;
  /** The feature's unsubscribe mutation, called with the token. */
  unsubscribe: UseMutationResult<unknown, Error, string>;
  /** e.g. 'the weekly e-mail' */
  mailName: string;
  /** What the user reads once unsubscribed. */
  done: string;
  back: { to: string; label: string };
}) {
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const refused =
    !token || (unsubscribe.isError && isApiError(unsubscribe.error) && unsubscribe.error.status < 500);
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <MailX className="size-8 text-primary" aria-hidden />
        <CardTitle>
          {unsubscribe.isSuccess ? 'You are unsubscribed' : `Unsubscribe from ${mailName}`}
        </CardTitle>
        {unsubscribe.isSuccess ? <CardDescription>{done}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {unsubscribe.isPending ? (
          <p className="flex items-center gap-2 text-sm">
            <Spinner decorative /> Unsubscribing…
          </p>
        ) : null}
        {refused ? (
          <Alert tone="danger">
            {unsubscribe.error?.message ??
              'This unsubscribe link is not valid. Sign in to change your e-mail settings.'}
          </Alert>
        ) : unsubscribe.isError ? (
          <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-3">
            We could not unsubscribe you just now.
            <Button size="sm" variant="outline" onClick={() => mutate(token)}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </Alert>
        ) : null}
        <Button asChild variant="outline" className="justify-self-start">
          <AppLink to={back.to}>{back.label}</AppLink>
        </Button>
      </CardContent>
    </Card>
  );
}
