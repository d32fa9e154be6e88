import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { UnsubscribePanel } from '../../components/unsubscribe-panel';
import {
  useKeepWeeklyMailPart,
  useUnsubscribeWeeklyMail,
} from '../../features/suggestions/api/unsubscribe-weekly-mail';
import { paths } from '../../lib/paths';

const PARTS = [
  {
    part: 'picks',
    keep: 'Keep the weekly video picks',
    kept: 'You will keep getting the weekly video picks.',
  },
  {
    part: 'checkIn',
    keep: 'Keep the plan check-in',
    kept: 'You will keep getting the weekly plan check-in.',
  },
] as const;

/**
 * Where the combined weekly mail's unsubscribe link lands (no sign-in needed): the whole mail stops,
 * and the user may keep either part.
 */
export default function WeeklyMailUnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeWeeklyMail();
  const keep = useKeepWeeklyMailPart();
  const parts = keep.data ?? unsubscribe.data;
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center gap-4 bg-muted/40 px-4 py-10">
      <UnsubscribePanel
        token={token}
        unsubscribe={unsubscribe}
        mailName="the weekly e-mail"
        done="You will no longer get the weekly e-mail: neither the video picks nor the plan check-in. Want to keep one of them?"
        back={{ to: paths.dashboard.href(), label: 'Go to Vidvisor' }}
      />
      {parts ? (
        <section aria-label="Keep part of the weekly e-mail" className="grid w-full max-w-md gap-2">
          {PARTS.map(({ part, keep: label, kept }) =>
            parts[part] ? (
              <p key={part} role="status" className="text-sm">
                {kept}
              </p>
            ) : (
              <Button
                key={part}
                variant="outline"
                disabled={keep.isPending}
                onClick={() => keep.mutate({ token, part })}
              >
                {label}
              </Button>
            ),
          )}
          {keep.isError ? <Alert tone="danger">{keep.error.message}</Alert> : null}
        </section>
      ) : null}
    </main>
  );
}
