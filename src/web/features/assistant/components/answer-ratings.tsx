import { Link } from 'react-router';
import { formatDateTime, formatShortDate } from '../../../../shared/dates';
import { RATING_REASONS } from '../../../../shared/schemas/ratings';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { type RatingsSummary, useRatings } from '../api/get-ratings';

/** What users think of the answers: the share of 👍 by model and by week, and the newest 👎. */
export function AnswerRatings() {
  const ratings = useRatings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Answer ratings</CardTitle>
        <CardDescription>How users rate the assistant's answers with 👍 and 👎.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {ratings.isPending ? (
          <Spinner className="size-5" label="Loading ratings" />
        ) : ratings.isError ? (
          <Alert tone="danger">Failed to load answer ratings</Alert>
        ) : ratings.data.byModel.length === 0 ? (
          <p className="text-sm text-muted-foreground">No answer has been rated yet.</p>
        ) : (
          <RatingsBody summary={ratings.data} />
        )}
      </CardContent>
    </Card>
  );
}

const percent = ({ up, total }: { up: number; total: number }) =>
  total === 0 ? '–' : `${Math.round((100 * up) / total)}%`;

function RatingsBody({ summary }: { summary: RatingsSummary }) {
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        <ShareTable
          caption="👍 by model"
          header="Model"
          rows={summary.byModel.map((row) => ({ ...row, key: row.model ?? 'Not recorded' }))}
        />
        <ShareTable
          caption="👍 by week"
          header="Week of"
          rows={summary.byWeek.map((row) => ({ ...row, key: formatShortDate(`${row.week}T12:00:00Z`) }))}
        />
      </div>
      <section aria-labelledby="latest-down-heading" className="grid gap-3">
        <h3 id="latest-down-heading" className="text-sm font-semibold">
          Latest 👎 answers
        </h3>
        {summary.latestDown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No answer has been rated 👎.</p>
        ) : (
          <ul className="grid gap-3">
            {summary.latestDown.map((row) => (
              <li key={row.messageId} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    to={paths.chat.href(row.chatId, { readOnly: true, version: row.messageId })}
                    className="font-medium text-primary underline-offset-4 hover:underline break-words"
                  >
                    {row.chatTitle ?? 'Untitled chat'}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {row.userEmail} · {row.model ?? 'model not recorded'} · {formatDateTime(row.ratedAt)}
                  </span>
                </div>
                <p>
                  <span className="font-medium">Reason: </span>
                  {row.reason ? RATING_REASONS[row.reason] : 'None given'}
                  {row.note ? ` · “${row.note}”` : ''}
                </p>
                <p className="line-clamp-2 text-muted-foreground">{row.answer}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ShareTable({
  caption,
  header,
  rows,
}: {
  caption: string;
  header: string;
  rows: { key: string; up: number; total: number }[];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            {header}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            👍 share
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Ratings
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b last:border-0">
            <th scope="row" className="py-1 text-left font-normal break-all">
              {row.key}
            </th>
            <td className="py-1 text-right tabular-nums">{percent(row)}</td>
            <td className="py-1 text-right tabular-nums">{row.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
