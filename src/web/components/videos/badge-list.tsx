import { Badge } from '../ui/badge';

/** Words shown as badges in a labelled list (a pick's tags, a card's matched keywords); nothing when empty. */
export function BadgeList({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item}>
          <Badge>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}
