import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '../../features/suggestions/components/unsubscribe-panel';

/** Where the weekly e-mail's unsubscribe link lands: no sign-in needed. */
export default function SuggestionsUnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </main>
  );
}
