import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import { scopeDescription } from '../../../../shared/mcp';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAssistants, useDisconnectAssistant } from '../api/assistants';

type Assistant = { clientId: string; name: string; scopes: string[]; connectedAt: string };

/** Connected assistants: the AI assistants allowed to use the library and plan over MCP, each disconnectable. */
export function ConnectedAssistantsCard() {
  const assistants = useAssistants();
  const disconnect = useDisconnectAssistant();
  const [leaving, setLeaving] = useState<Assistant | null>(null);
  const confirm = () =>
    leaving &&
    disconnect.mutate(leaving.clientId, {
      onSuccess: () => {
        toast.success(`${leaving.name} is disconnected`);
        setLeaving(null);
      },
      onError: (error) => toast.error(`Could not disconnect it: ${error.message}`),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connected assistants</CardTitle>
        <CardDescription>
          AI assistants you allowed to search your video library and read your consultations and plan.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {assistants.isPending ? (
          <Spinner label="Loading your connected assistants" className="text-primary" />
        ) : assistants.isError ? (
          <Alert tone="danger">
            We could not load your connected assistants. Reload the page to try again.
          </Alert>
        ) : assistants.data.assistants.length === 0 ? (
          <p className="text-sm text-muted-foreground">No assistant is connected.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Connected assistants">
            {assistants.data.assistants.map((assistant) => (
              <li
                key={assistant.clientId}
                className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3"
              >
                <div className="min-w-0">
                  <p className="break-words font-medium">{assistant.name}</p>
                  <p className="text-sm text-muted-foreground">
                    Connected {formatDateTime(assistant.connectedAt)}
                  </p>
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {assistant.scopes.map((scope) => (
                      <li key={scope}>{scopeDescription(scope)}</li>
                    ))}
                  </ul>
                </div>
                <Button variant="outline" onClick={() => setLeaving(assistant)}>
                  Disconnect<span className="sr-only"> {assistant.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title={`Disconnect ${leaving?.name ?? 'this assistant'}?`}
        description="It can no longer read your library or your plan. You can connect it again later."
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnect.isPending}
        tone="danger"
        onConfirm={confirm}
      />
    </Card>
  );
}
