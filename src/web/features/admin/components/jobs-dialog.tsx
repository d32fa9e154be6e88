import { Activity } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { useJobs } from '../api/get-jobs';
import { QueryDialog } from './query-dialog';

/** The 'Background jobs' button of /admin and its modal: the job queue's health, one row per job. */
export function JobsDialog() {
  const [open, setOpen] = useState(false);
  const jobs = useJobs({ enabled: open });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Activity /> Background jobs
      </Button>
      <QueryDialog
        title="Background jobs"
        open={open}
        onOpenChange={setOpen}
        query={jobs}
        failedMessage={ADMIN_MESSAGES.jobsFailed}
        wide
      >
        {(data) => (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full whitespace-nowrap text-sm">
              <thead className="bg-muted/50 text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Job
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Waiting
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Running
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Failed (24 h)
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Last scheduled run
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.queues.map((queue) => (
                  <tr key={queue.name}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {queue.name}
                      {queue.schedule && (
                        <span className="block text-xs font-normal text-muted-foreground">
                          <code>{queue.schedule}</code> (UTC)
                        </span>
                      )}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{queue.waiting}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{queue.running}</td>
                    <td
                      className={`px-3 py-2 text-right tabular-nums ${queue.failedLast24h ? 'font-semibold text-danger' : ''}`}
                    >
                      {queue.failedLast24h}
                    </td>
                    <td className="px-3 py-2 text-muted-foreground">
                      {!queue.schedule
                        ? 'Not scheduled'
                        : queue.lastRunAt
                          ? `${formatDateTime(queue.lastRunAt)} (${queue.lastRunState})`
                          : 'Not run yet'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryDialog>
    </>
  );
}
