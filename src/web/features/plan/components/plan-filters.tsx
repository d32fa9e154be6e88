import { useId } from 'react';
import type { PlanDueFilter } from '../../../../shared/schemas/plan';
import { Button } from '../../../components/ui/button';
import { Label, Select } from '../../../components/ui/input';
import type { PlanPage } from '../api/get-plan';
import type { PlanFilters as Filters } from '../plan-view';
import { StatusOptions } from './status-options';

const DUE_LABELS: Record<PlanDueFilter, string> = {
  overdue: 'Overdue',
  week: 'This week',
  later: 'Later',
  none: 'No due date',
};

/** What every due-date filter keeps, said beside it. */
export const DUE_FILTER_HINT = 'Due filters show open steps only (to do and in progress).';

/** Status, video and due-date filters; each change goes into the address. */
export function PlanFilters({
  filters,
  videos,
  onChange,
}: {
  filters: Filters;
  videos: PlanPage['videos'];
  onChange: (filters: Filters) => void;
}) {
  const id = useId();
  const set = (changes: Filters) => onChange({ ...filters, ...changes });
  const filtered = Boolean(filters.status || filters.videoId || filters.due);
  return (
    <search
      className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
      aria-label="Filter the plan"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={filters.status ?? ''}
          onChange={(event) => set({ status: (event.target.value || undefined) as Filters['status'] })}
        >
          <option value="">All statuses</option>
          <StatusOptions />
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-video`}>Video</Label>
        <Select
          id={`${id}-video`}
          value={filters.videoId ?? ''}
          onChange={(event) => set({ videoId: event.target.value || undefined })}
        >
          <option value="">All videos</option>
          {videos.map((video) => (
            <option key={video.videoId} value={video.videoId}>
              {video.title || video.videoId}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-due`}>Due</Label>
        <Select
          id={`${id}-due`}
          aria-describedby={`${id}-due-hint`}
          value={filters.due ?? ''}
          onChange={(event) => set({ due: (event.target.value || undefined) as PlanDueFilter | undefined })}
        >
          <option value="">Any time</option>
          {Object.entries(DUE_LABELS).map(([due, label]) => (
            <option key={due} value={due}>
              {label}
            </option>
          ))}
        </Select>
        <p id={`${id}-due-hint`} className="text-xs text-muted-foreground">
          {DUE_FILTER_HINT}
        </p>
      </div>
      <Button variant="ghost" disabled={!filtered} onClick={() => onChange({})}>
        Clear filters
      </Button>
    </search>
  );
}
