import { Send, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { cn } from '../../lib/cn';
import { messageProblem } from '../../lib/message-problem';
import { SHORTCUT_TARGET } from '../../lib/shortcuts';
import { Button } from '../ui/button';
import { Textarea } from '../ui/input';

/**
 * A message box: Enter sends, Shift+Enter adds a line; Stop while a reply streams. A message the
 * server would refuse (too long) keeps its text, says why and cannot be sent; `notice` says why the
 * server refused the last one.
 */
export function MessageBox({
  value,
  onChange,
  onSend,
  onStop,
  busy,
  streaming,
  label = 'Message',
  showLabel = false,
  placeholder = 'Ask a follow-up question...',
  sendLabel = 'Send',
  notice,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  streaming: boolean;
  label?: string;
  showLabel?: boolean;
  placeholder?: string;
  sendLabel?: string;
  notice?: string | null;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const blank = value.trim() === '';
  const typed = messageProblem(value);
  const problem = typed ?? notice ?? undefined;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!busy && !blank && !typed) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-1.5">
      <label htmlFor={id} className={cn(showLabel ? 'text-sm font-medium' : 'sr-only')}>
        {label}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          data-shortcut={SHORTCUT_TARGET.messageBox}
          placeholder={placeholder}
          aria-invalid={typed !== undefined}
          aria-describedby={problem ? problemId : undefined}
          rows={2}
          className="max-h-48 min-h-12 resize-none"
        />
        {/* Keyed: a Stop that ends the wait at once must not become, mid-click, the submit button. */}
        {streaming ? (
          <Button
            key="stop"
            type="button"
            variant="outline"
            onClick={onStop}
            aria-label="Stop"
            data-shortcut={SHORTCUT_TARGET.stopReply}
          >
            <Square /> <span className="hidden sm:inline">Stop</span>
          </Button>
        ) : (
          <Button
            key="send"
            type="submit"
            disabled={busy || blank || typed !== undefined}
            aria-label={sendLabel}
          >
            <Send /> <span className="hidden sm:inline">{sendLabel}</span>
          </Button>
        )}
      </div>
      {problem ? (
        <p id={problemId} className="text-sm text-danger" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
