import { MessageCircleQuestion } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useFollowUps } from '../api/get-follow-ups';
import type { AnswerRef } from '../api/rate-answer';

/** Up to three questions to ask next, under the last answer; picking one sends it. Nothing shows on failure. */
export function FollowUps({ answer, onPick }: { answer: AnswerRef; onPick: (question: string) => void }) {
  const followUps = useFollowUps(answer);
  if (!followUps.data?.length) return null;
  return (
    <li>
      <section aria-label="Suggested follow-ups" className="grid gap-2">
        <h2 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <MessageCircleQuestion className="size-3.5" aria-hidden="true" /> Suggested follow-ups
        </h2>
        <ul className="flex flex-wrap gap-2">
          {followUps.data.map((question) => (
            <li key={question}>
              <Button
                variant="outline"
                size="sm"
                className="h-auto min-h-8 whitespace-normal py-1.5 text-left"
                onClick={() => onPick(question)}
              >
                {question}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </li>
  );
}
