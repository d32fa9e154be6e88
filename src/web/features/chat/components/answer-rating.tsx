import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { MAX_RATING_NOTE_CHARS, RATING_REASONS, type RatingReason } from '../../../../shared/schemas/ratings';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { ChatView } from '../api/get-chat';
import { type AnswerRef, useRateAnswer } from '../api/rate-answer';

type Rating = ChatView['ratings'][string];

/**
 * 👍 / 👎 on an answer. Pressing the chosen one again clears it; a 👎 is stored at once, then asks
 * (optionally) what went wrong.
 */
export function AnswerRating({ answer, rating }: { answer: AnswerRef; rating: Rating | undefined }) {
  const rate = useRateAnswer(answer);
  const [askingWhy, setAskingWhy] = useState(false);
  const failed = () => toast.error('Could not save your rating. Please try again.');
  const choose = (choice: 'up' | 'down') => {
    const clearing = rating?.rating === choice;
    rate.mutate(clearing ? null : { rating: choice }, {
      onSuccess: () => setAskingWhy(!clearing && choice === 'down'),
      onError: failed,
    });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form fieldset
    <div role="group" aria-label="Rate this answer" className="flex items-center gap-0.5">
      <RatingButton
        label="Good answer"
        pressed={rating?.rating === 'up'}
        disabled={rate.isPending}
        onClick={() => choose('up')}
      >
        <ThumbsUp />
      </RatingButton>
      <RatingButton
        label="Bad answer"
        pressed={rating?.rating === 'down'}
        disabled={rate.isPending}
        onClick={() => choose('down')}
      >
        <ThumbsDown />
      </RatingButton>
      <ReasonDialog
        open={askingWhy}
        onOpenChange={setAskingWhy}
        saving={rate.isPending}
        onSend={(reason, note) =>
          rate.mutate(
            { rating: 'down', reason, note: note || null },
            {
              onSuccess: () => {
                setAskingWhy(false);
                toast.success('Thanks for your feedback');
              },
              onError: failed,
            },
          )
        }
      />
    </div>
  );
}

function RatingButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('h-7 px-2', pressed && 'bg-accent text-accent-foreground')}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function ReasonDialog({
  open,
  onOpenChange,
  saving,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onSend: (reason: RatingReason | null, note: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<RatingReason | null>(null);
  const [note, setNote] = useState('');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>What went wrong?</DialogTitle>
          <DialogDescription>Optional: it helps us improve the assistant's answers.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSend(reason, note.trim());
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {(Object.entries(RATING_REASONS) as [RatingReason, string][]).map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={key}
                  checked={reason === key}
                  onChange={() => setReason(key)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Anything to add?</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              maxLength={MAX_RATING_NOTE_CHARS}
              onChange={(event) => setNote(event.target.value)}
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-xs text-muted-foreground">
              {note.length} / {MAX_RATING_NOTE_CHARS}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Skip
            </Button>
            <Button type="submit" disabled={saving}>
              Send feedback
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
