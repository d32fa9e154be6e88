import { useSearchParams } from 'react-router';
import { isWeekKey } from '../../../shared/suggestions';
import { Page } from '../../components/layout/page';
import { AdminPicks } from '../../features/suggestions/components/admin-picks';

export default function AdminSuggestionsRoute() {
  const [params, setParams] = useSearchParams();
  const week = params.get('week') ?? '';
  return (
    <Page
      title="Weekly Picks"
      description="The videos users see under This week’s picks and in the Monday e-mail. Every change is recorded in the audit log."
    >
      <AdminPicks week={isWeekKey(week) ? week : undefined} onWeek={(next) => setParams({ week: next })} />
    </Page>
  );
}
