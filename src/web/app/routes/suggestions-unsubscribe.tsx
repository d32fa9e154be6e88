import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '../../components/unsubscribe-panel';
import { useUnsubscribe } from '../../features/suggestions/api/unsubscribe';
import { paths } from '../../lib/paths';

/** Where the weekly e-mail's unsubscribe link lands: no sign-in needed. */
export default function SuggestionsUnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">
      <UnsubscribePanel
        token={params.get('token') ?? ''}
        unsubscribe={useUnsubscribe()}
        mailName="the weekly e-mail"
        done="You will no longer get the weekly video suggestions e-mail. You can turn it back on from Video Suggestions at any time."
        back={{ to: paths.suggestions.href(), label: 'Go to Video Suggestions' }}
      />
    </main>
  );
}
