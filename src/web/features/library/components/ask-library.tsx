import { useChat } from '@ai-sdk/react';
import { Library, Send, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { citationResolver } from '../../../../shared/citations';
import type { ConsultDataParts, ConsultUIMessage } from '../../../../shared/consult-stream';
import { Markdown } from '../../../components/chats/markdown';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { messageProblem } from '../../../lib/message-problem';
import { replyError, textOf } from '../../../lib/reply-stream';
import { askLibraryTransport } from '../api/ask-library';

type Consultation = ConsultDataParts['consultation'];

/**
 * 'Ask your library': a question answered across every video of the user's consultations, streamed
 * here with its citations; the consultation it opens (titled by the question, drawing on the videos
 * the answer used) is where follow-ups continue, so the page moves there when the answer ends.
 */
export function AskLibrary({ onOpened }: { onOpened: (chatId: string) => void }) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [consultation, setConsultation] = useState<Consultation | null>(null);
  const opened = useRef<Consultation | null>(null);
  const transport = useMemo(askLibraryTransport, []);
  const { messages, sendMessage, setMessages, status, stop } = useChat<ConsultUIMessage>({
    transport,
    onData: (part) => {
      if (part.type !== 'data-consultation') return;
      opened.current = part.data as Consultation;
      setConsultation(opened.current);
    },
    onFinish: () => {
      if (opened.current) onOpened(opened.current.chatId);
    },
    onError: (error) => {
      if (opened.current) return onOpened(opened.current.chatId);
      // Refused before anything was stored: the question stays in the box, with the reason.
      setProblem(replyError(error).message);
      setQuestion(textOf(messages.at(-1) ?? { parts: [] }) || question);
      setMessages([]);
    },
  });
  const busy = status === 'submitted' || status === 'streaming';
  const typed = messageProblem(question);
  const answer = messages.find((message) => message.role === 'assistant');
  const citations = useMemo(
    () => citationResolver({ url: null, title: '' }, consultation?.sources ?? []),
    [consultation],
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (busy || !text || typed) return;
    setProblem(null);
    setConsultation(null);
    opened.current = null;
    setMessages([]);
    setQuestion('');
    void sendMessage({ text });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Library className="size-5 text-primary" aria-hidden="true" /> Ask your library
        </CardTitle>
        <CardDescription>
          One answer drawn from every video in your consultations, each point linked to the moment it comes
          from.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-1.5" aria-label="Ask your library">
          <label htmlFor={id} className="text-sm font-medium">
            Your question
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id={id}
              value={question}
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder="What do my videos say about pricing a subscription?"
              rows={2}
              disabled={busy}
              aria-invalid={typed !== undefined}
              aria-describedby={typed || problem ? `${id}-problem` : undefined}
              className="max-h-48 min-h-12 resize-none"
            />
            {busy ? (
              <Button type="button" variant="outline" onClick={() => void stop()} aria-label="Stop">
                <Square /> <span className="hidden sm:inline">Stop</span>
              </Button>
            ) : (
              <Button type="submit" disabled={!question.trim() || typed !== undefined} aria-label="Ask">
                <Send /> <span className="hidden sm:inline">Ask</span>
              </Button>
            )}
          </div>
          {typed || problem ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
              {typed ?? problem}
            </p>
          ) : null}
        </form>
        <p role="status" className="sr-only">
          {busy ? 'Generating response...' : ''}
        </p>
        {messages.length > 0 ? (
          <div className="grid gap-3 rounded-lg border bg-background p-4">
            <p className="text-sm font-medium">{textOf(messages[0]!)}</p>
            {consultation ? (
              <p className="text-xs text-muted-foreground">
                Drawing on{' '}
                {consultation.sources.map((source) => `V${source.number} ${source.title}`).join(' · ')}
              </p>
            ) : null}
            {answer && textOf(answer) ? (
              <Markdown text={textOf(answer)} citations={citations} />
            ) : (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" decorative /> Generating response...
              </p>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
