import { Send, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { messageProblem } from '../../../lib/message-problem';

/**
 * The message box: Enter sends, Shift+Enter adds a line; Stop while a reply streams. A message the
 * server would refuse (too long) keeps its text, says why and cannot be sent.
 */
export function ChatInput({
  value,
  onChange,
  onSend,
  onStop,
  busy,
  streaming,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  streaming: boolean;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const blank = value.trim() === '';
  const problem = messageProblem(value);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!busy && !blank && !problem) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-1.5">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <Textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask a follow-up question..."
          aria-invalid={problem !== undefined}
          aria-describedby={problem ? problemId : undefined}
          rows={2}
          className="max-h-48 min-h-12 resize-none"
        />
        {streaming ? (
          <Button type="button" variant="outline" onClick={onStop} aria-label="Stop">
            <Square /> <span className="hidden sm:inline">Stop</span>
          </Button>
        ) : (
          <Button type="submit" disabled={busy || blank || problem !== undefined} aria-label="Send">
            <Send /> <span className="hidden sm:inline">Send</span>
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
