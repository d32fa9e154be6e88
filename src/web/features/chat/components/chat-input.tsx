import { Send, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { MAX_MESSAGE_CHARS } from '../../../../shared/schemas/consult';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';

/** The message box: Enter sends, Shift+Enter adds a line; Stop while a reply streams. */
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
  const blank = value.trim() === '';
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!busy && !blank) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Ask a follow-up question..."
        maxLength={MAX_MESSAGE_CHARS}
        rows={2}
        className="max-h-48 min-h-12 resize-none"
      />
      {streaming ? (
        <Button type="button" variant="outline" onClick={onStop} aria-label="Stop">
          <Square /> <span className="hidden sm:inline">Stop</span>
        </Button>
      ) : (
        <Button type="submit" disabled={busy || blank} aria-label="Send">
          <Send /> <span className="hidden sm:inline">Send</span>
        </Button>
      )}
    </form>
  );
}
