import { PLAN_STATUS_LABELS, PLAN_STATUSES } from '../../../../shared/schemas/plan';

/** The plan's statuses as a select's options, in the page's order. */
export function StatusOptions() {
  return PLAN_STATUSES.map((status) => (
    <option key={status} value={status}>
      {PLAN_STATUS_LABELS[status]}
    </option>
  ));
}
