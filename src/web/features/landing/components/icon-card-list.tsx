import type { IconText } from '../content';

/** A responsive grid of cards, each an icon, a short title and a sentence. */
export function IconCardList({ items }: { items: readonly IconText[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-lg border bg-card p-6 text-card-foreground">
          <span className="inline-flex rounded-md bg-secondary p-2 text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-4 font-semibold">{title}</h3>
          <p className="mt-2 text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
