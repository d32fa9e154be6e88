import { Card, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * SLOT: the Usage tab's Token Usage History panel is built by the consultation feature (usage per
 * month against the plan's allowance). The lead replaces this component with that panel at merge;
 * it renders only the panel's heading and shows no data of its own.
 */
export function TokenUsageHistorySlot() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Token Usage History</CardTitle>
      </CardHeader>
    </Card>
  );
}
