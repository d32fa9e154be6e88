import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { cleanKeyword } from '../../../../shared/suggestions';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';

/**
 * Removable chips and a field to add one (Enter or the button; Backspace in the empty field removes the
 * last). New entries are trimmed and checked against the limits here; `onChange` saves the new list, and
 * the typed text comes back when it fails. Nothing is disabled while a change saves, so focus stays where
 * the keyboard user is: in the field after adding, on the neighbouring chip (or the field) after removing.
 */
export function ChipInput({
  label,
  listLabel,
  chips,
  onChange,
  max,
  maxLength,
  tooMany,
  tooLong,
  submitLabel,
  placeholder,
  busy = false,
  error,
}: {
  label: string;
  listLabel: string;
  chips: string[];
  /** Saves the new list; a rejected promise keeps the typed text. */
  onChange: (next: string[]) => unknown;
  max: number;
  maxLength: number;
  tooMany: string;
  tooLong: string;
  submitLabel: ReactNode;
  placeholder?: string;
  /** Nothing can be changed (the list is loading, or the whole form is saving). */
  busy?: boolean;
  /** A failure to show (e.g. the save was refused). */
  error?: string | null;
}) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;
  const fieldRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** A chip removed from its own button: once it is gone, focus goes to the chip now in its place. */
  const [removed, setRemoved] = useState<{ chip: string; index: number } | null>(null);

  useLayoutEffect(() => {
    if (!removed || chips.includes(removed.chip)) return;
    const buttons = listRef.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(removed.index, buttons.length - 1)] ?? fieldRef.current)?.focus();
    setRemoved(null);
  }, [chips, removed]);

  const save = async (next: string[]) => {
    try {
      await onChange(next);
      return true;
    } catch {
      return false;
    }
  };

  const add = async () => {
    const chip = cleanKeyword(text);
    setProblem(null);
    if (!chip) return;
    if (chip.length > maxLength) return setProblem(tooLong);
    if (chips.some((existing) => existing.toLowerCase() === chip.toLowerCase()))
      return setProblem(`“${chip}” is already in the list`);
    if (chips.length >= max) return setProblem(tooMany);
    setText('');
    if (!(await save([...chips, chip]))) setText((typed) => typed || chip);
  };

  const remove = async (chip: string) => {
    setProblem(null);
    if (!(await save(chips.filter((existing) => existing !== chip)))) setRemoved(null);
  };

  const removeFromList = (chip: string) => {
    setRemoved({ chip, index: chips.indexOf(chip) });
    void remove(chip);
  };

  // Enter adds (the field may sit inside another form: it never submits that one).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    } else if (event.key === 'Backspace' && text === '' && chips.length > 0) void remove(chips.at(-1)!);
  };

  return (
    <div className="grid gap-3">
      {chips.length ? (
        <ul ref={listRef} aria-label={listLabel} className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li
              key={chip}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pl-3 pr-1 text-sm text-secondary-foreground"
            >
              {chip}
              <button
                type="button"
                onClick={() => removeFromList(chip)}
                disabled={busy}
                aria-label={`Remove ${chip}`}
                className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-background disabled:opacity-50"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{label}</Label>
        <div className="flex gap-2">
          <Input
            ref={fieldRef}
            id={inputId}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            aria-invalid={Boolean(shown)}
            aria-describedby={shown ? messageId : undefined}
            disabled={busy}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={() => void add()} disabled={busy} className="shrink-0">
            {submitLabel}
          </Button>
        </div>
        {shown ? (
          <p id={messageId} role="alert" className="text-sm text-danger">
            {shown}
          </p>
        ) : null}
      </div>
    </div>
  );
}
