import { ToggleGroup } from 'radix-ui';
import type { PlanInterval } from '../../../../shared/plans';
import { Badge } from '../../../components/ui/badge';

const OPTIONS: { value: PlanInterval; label: string }[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annual' },
];

/** Monthly / Annual, with Annual labelled Save 50% (Radix toggle group: arrow keys move between them). */
export function PlanIntervalToggle({
  value,
  onChange,
}: {
  value: PlanInterval;
  onChange: (value: PlanInterval) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => next && onChange(next as PlanInterval)}
      aria-label="Billing period"
      className="inline-flex rounded-lg bg-muted p-1"
    >
      {OPTIONS.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className="flex cursor-pointer items-center gap-2 rounded-md px-4 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
        >
          {option.label}
          {option.value === 'year' ? <Badge tone="success">Save 50%</Badge> : null}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
