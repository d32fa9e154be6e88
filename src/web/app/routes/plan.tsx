import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { PlanPage } from '../../features/plan/components/plan-page';
import { filtersFromSearch, searchFromFilters } from '../../features/plan/plan-view';

export default function PlanRoute() {
  const [search, setSearch] = useSearchParams();
  return (
    <Page title="My Plan" description="The steps you chose from your consultations, and how far you got.">
      <PlanPage
        filters={filtersFromSearch(search)}
        onFilters={(filters) => setSearch(searchFromFilters(filters), { replace: true })}
      />
    </Page>
  );
}
