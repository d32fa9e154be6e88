import { useState } from 'react';
import { MCP_SCOPE_DESCRIPTIONS, MCP_SCOPES, scopeDescription } from '../../../../shared/mcp';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAnswerConsent, usePublicClient } from '../api/consent';

/**
 * Where Better Auth sends the user when an assistant asks for access: reading is what it gets by
 * allowing; writing to the plan is a separate choice, off unless the user ticks it.
 */
export function ConsentForm({ oauthQuery }: { oauthQuery: string }) {
  const params = new URLSearchParams(oauthQuery);
  const requested = (params.get('scope') ?? MCP_SCOPES.read).split(' ').filter(Boolean);
  const client = usePublicClient(params.get('client_id'));
  const answer = useAnswerConsent();
  const [allowWrite, setAllowWrite] = useState(false);
  const kept = requested.filter((scope) => scope !== MCP_SCOPES.write || allowWrite);
  const name = client.data?.client_name ?? 'An assistant';

  if (!params.get('client_id')) {
    return (
      <Alert tone="danger">This page opens when an assistant asks to connect. Start again from it.</Alert>
    );
  }
  if (client.isPending) return <Spinner label="Loading the assistant" className="text-primary" />;
  if (client.isError) return <Alert tone="danger">{client.error.message}</Alert>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connect {name} to Vidvisor?</CardTitle>
        <CardDescription>
          It will act for you, with what you allow here, until you disconnect it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="list-disc pl-5 text-sm">
          {requested
            .filter((scope) => scope !== MCP_SCOPES.write)
            .map((scope) => (
              <li key={scope}>{scopeDescription(scope)}</li>
            ))}
        </ul>
        {requested.includes(MCP_SCOPES.write) && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={allowWrite}
              onChange={(event) => setAllowWrite(event.target.checked)}
            />
            <span>Also allow it to {MCP_SCOPE_DESCRIPTIONS.write.toLowerCase()}</span>
          </label>
        )}
        {answer.isError && <Alert tone="danger">{answer.error.message}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            disabled={answer.isPending}
            onClick={() => answer.mutate({ accept: true, scope: kept.join(' '), oauthQuery })}
          >
            Allow
          </Button>
          <Button
            variant="outline"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ accept: false, oauthQuery })}
          >
            Deny
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
