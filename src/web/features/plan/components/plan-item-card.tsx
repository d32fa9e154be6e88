import { ArrowDown, ArrowUp, CalendarClock, MessageSquare, Pencil, Trash2 } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { chatDisplayTitle } from '../../../../shared/schemas/chats';
import type { PlanStatus } from '../../../../shared/schemas/plan';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import type { PlanItemView } from '../api/get-plan';
import { askAboutDraft, dueText, isOverdue } from '../plan-view';
import { MomentLink } from './moment-link';
import { StatusOptions } from './status-options';

export type MoveDirection = 'up' | 'down';

/**
 * One item of My Plan: its status, due date, why, note, the moment and the consultation it came
 * from, and its actions. Alt+Arrow Up/Down on its buttons and links moves it within its status.
 */
export function PlanItemCard({
  item,
  today,
  canMoveUp,
  canMoveDown,
  onMove,
  onStatus,
  onEdit,
  onDelete,
}: {
  item: PlanItemView;
  today: string;
  /** undefined: moving is off (a filter hides some of the status's items). */
  canMoveUp?: boolean;
  canMoveDown?: boolean;
  onMove: (direction: MoveDirection) => void;
  onStatus: (status: PlanStatus) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const overdue = isOverdue(item, today);
  const due = dueText(item, today);
  const movable = canMoveUp !== undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!movable || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    // Alt+Arrow Down opens a select's list: the status select keeps it.
    if (event.target instanceof HTMLSelectElement) return;
    event.preventDefault();
    const direction = event.key === 'ArrowUp' ? 'up' : 'down';
    if (direction === 'up' ? canMoveUp : canMoveDown) onMove(direction);
  };
  return (
    <li
      className={cn('grid min-w-0 gap-3 rounded-lg border bg-card p-4', overdue && 'border-danger/50')}
      aria-label={item.title}
      onKeyDown={onKeyDown}
    >
      <div className="grid min-w-0 gap-2 sm:flex sm:items-start sm:justify-between">
        <h3
          className={cn(
            'min-w-0 flex-1 font-semibold break-words',
            item.status === 'dropped' && 'line-through',
          )}
        >
          {item.title}
        </h3>
        <label className="sr-only" htmlFor={`status-${item.id}`}>
          Status of {item.title}
        </label>
        <Select
          id={`status-${item.id}`}
          className="sm:w-36 sm:shrink-0"
          value={item.status}
          onChange={(event) => onStatus(event.target.value as PlanStatus)}
        >
          <StatusOptions />
        </Select>
      </div>
      {due ? (
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm',
            overdue ? 'font-medium text-danger' : 'text-muted-foreground',
          )}
        >
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          {due}
        </p>
      ) : null}
      {item.why ? <p className="text-sm">{item.why}</p> : null}
      {item.note ? (
        <p className="whitespace-pre-wrap break-words rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">Note: </span>
          {item.note}
        </p>
      ) : null}
      <div className="grid min-w-0 gap-1 text-sm text-muted-foreground">
        {item.moment ? <MomentLink moment={item.moment} chatId={item.chatId} /> : null}
        <Origin item={item} />
      </div>
      <div className="flex flex-wrap items-center gap-1 border-t pt-3">
        {movable ? (
          <>
            <MoveButton item={item} direction="up" disabled={!canMoveUp} onMove={onMove} />
            <MoveButton item={item} direction="down" disabled={!canMoveDown} onMove={onMove} />
          </>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
          <Pencil /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${item.title}`}
          className="text-danger hover:text-danger"
        >
          <Trash2 /> Delete
        </Button>
        {item.chatId && !item.chatDeleted ? (
          <Button asChild variant="outline" size="sm" className="ml-auto">
            <AppLink to={paths.chat.href(item.chatId, { draft: askAboutDraft(item.title) })}>
              <MessageSquare /> Ask about this
            </AppLink>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function MoveButton({
  item,
  direction,
  disabled,
  onMove,
}: {
  item: PlanItemView;
  direction: MoveDirection;
  disabled: boolean;
  onMove: (direction: MoveDirection) => void;
}) {
  const Icon = direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Move ${item.title} ${direction}`}
      aria-keyshortcuts={direction === 'up' ? 'Alt+ArrowUp' : 'Alt+ArrowDown'}
      title={direction === 'up' ? 'Move up (Alt+↑)' : 'Move down (Alt+↓)'}
      data-item={item.id}
      data-direction={direction}
      disabled={disabled}
      onClick={() => onMove(direction)}
    >
      <Icon />
    </Button>
  );
}

/** The consultation an item came from, 'consultation deleted' when it is gone, or 'Added by hand'. */
function Origin({ item }: { item: PlanItemView }) {
  if (item.chatDeleted)
    return (
      <p>
        <Badge>consultation deleted</Badge>
      </p>
    );
  if (!item.chatId) return <p>Added by hand</p>;
  return (
    <p className="min-w-0 truncate">
      From{' '}
      <AppLink
        to={paths.chat.href(item.chatId)}
        className="font-medium text-foreground underline-offset-4 hover:underline"
      >
        {chatDisplayTitle(item.chatTitle)}
      </AppLink>
    </p>
  );
}
