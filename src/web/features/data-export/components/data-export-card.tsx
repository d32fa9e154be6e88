import { formatDateTime } from '../../../../shared/dates';
import { dataExportFileName } from '../../../../shared/schemas/data-export';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDataExport } from '../api/get-data-export';
import { useRequestDataExport } from '../api/request-data-export';

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Download my data: asks for an archive of everything the account holds, shows it being prepared (the
 * server builds it on its job queue and e-mails when it is ready), then links the download until it expires.
 */
export function DataExportCard() {
  const state = useDataExport();
  const request = useRequestDataExport();
  const current = state.data?.export ?? null;
  const askButton = (
    <Button onClick={() => request.mutate()} disabled={request.isPending}>
      {request.isPending ? 'Asking...' : 'Download my data'}
    </Button>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          A copy of everything your account holds (profile, consultations with their messages and sources,
          plan, followed channels, support tickets, usage and settings) as one JSON file.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {state.isPending ? (
          <Spinner label="Loading your data download" className="text-primary" />
        ) : state.isError ? (
          <Alert tone="danger">We could not load your data download. Please reload the page.</Alert>
        ) : current?.status === 'pending' ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner decorative className="text-primary" />
            Preparing your data. We will e-mail you when it is ready.
          </p>
        ) : current?.status === 'ready' && current.downloadPath ? (
          <div className="grid gap-3">
            <p role="status" className="text-sm">
              Your data is ready. The link works until {formatDateTime(current.expiresAt!)}.
            </p>
            <Button asChild className="justify-self-start">
              <a href={current.downloadPath} download={dataExportFileName(current.createdAt)}>
                Download archive{current.sizeBytes ? ` (${formatSize(current.sizeBytes)})` : ''}
              </a>
            </Button>
          </div>
        ) : (
          <div className="grid justify-items-start gap-3">
            {current?.status === 'expired' ? (
              <p className="text-sm text-muted-foreground">
                Your last download has expired. Ask for a new one when you need it.
              </p>
            ) : null}
            {askButton}
          </div>
        )}
        {request.isError ? <Alert tone="danger">{request.error.message}</Alert> : null}
      </CardContent>
    </Card>
  );
}
