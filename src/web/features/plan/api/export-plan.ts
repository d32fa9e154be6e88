import type { PLAN_EXPORT_FORMATS } from '../../../../shared/schemas/plan';

export type PlanExportFormat = (typeof PLAN_EXPORT_FORMATS)[number];

/**
 * The download address of the plan's export (GET /api/plan/export): a plain link, so the browser
 * saves the file. Written out because the typed client's `$url()` needs an absolute base URL.
 */
export function planExportHref(format: PlanExportFormat): string {
  return `/api/plan/export?format=${format}`;
}
