import { useChat } from '@ai-sdk/react';
import { Library } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { citationResolver } from '../../../../shared/citations';
import type { ConsultDataParts, ConsultUIMessage } from '../../../../shared/consult-stream';
import { Markdown } from '../../../components/chats/markdown';
import { MessageBox } from '../../../components/chats/message-box';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { replyError, textOf } from '../../../lib/reply-stream';
import { stopReply } from '../../../lib/stop-reply';
import { askLibraryTransport } from '../api/ask-library';

const STOPPED_EARLY_MESSAGE =
  'Stopped before the answer began. Ask again, or find the question in Saved Chats if it was saved.';

/**
 * 'Ask your library': a question answered across every video of the user's consultations, streamed
 * here with its citations; the consultation it opens (titled by the question, drawing on the videos
 * the answer used) is where follow-ups continue, so the page moves there when the answer ends.
 */
export function AskLibrary({ onOpened }: { onOpened: (chatId: string) => void }) {
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sources, setSources] = useState<ConsultDataParts['sources']>([]);
  const opened = useRef<string | null>(null);
  const asked = useRef('');
  const transport = useMemo(askLibraryTransport, []);
  const { messages, sendMessage, setMessages, status, stop } = useChat<ConsultUIMessage>({
    transport,
    onData: (part) => {
      if (part.type === 'data-sources') setSources(part.data as ConsultDataParts['sources']);
      if (part.type === 'data-consultation') {
        opened.current = (part.data as ConsultDataParts['consultation']).chatId;
      }
    },
    onFinish: ({ isAbort }) => {
      if (opened.current) return onOpened(opened.current);
      // Stopped before the consultation was named: nothing to open, so the question comes back.
      if (isAbort) giveBack(STOPPED_EARLY_MESSAGE);
    },
    onError: (error) => {
      if (opened.current) return onOpened(opened.current);
      // Refused before anything was stored: the question stays in the box, with the reason.
      giveBack(replyError(error).message);
    },
  });
  const giveBack = (reason: string) => {
    setProblem(reason);
    setQuestion(asked.current);
    setMessages([]);
  };
  const busy = status === 'submitted' || status === 'streaming';
  const answer = messages.find((message) => message.role === 'assistant');
  const citations = useMemo(() => citationResolver({ url: null, title: '' }, sources), [sources]);

  const ask = () => {
    const text = question.trim();
    asked.current = question;
    setProblem(null);
    setSources([]);
    opened.current = null;
    setMessages([]);
    setQuestion('');
    void sendMessage({ text });
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
        <MessageBox
          value={question}
          onChange={(text) => {
            setQuestion(text);
            setProblem(null);
          }}
          onSend={ask}
          onStop={() => {
            // Leaving does not stop an answer (decision 065): the server is told to, once it named the consultation.
            if (opened.current) stopReply(opened.current).catch((error: Error) => setProblem(error.message));
            void stop();
          }}
          busy={busy}
          streaming={busy}
          label="Your question"
          showLabel
          placeholder="What do my videos say about pricing a subscription?"
          sendLabel="Ask"
          notice={problem}
        />
        <p role="status" className="sr-only">
          {busy ? 'Generating response...' : ''}
        </p>
        {messages.length > 0 ? (
          <div className="grid gap-3 rounded-lg border bg-background p-4">
            <p className="text-sm font-medium">{textOf(messages[0]!)}</p>
            {sources.length ? (
              <p className="text-xs text-muted-foreground">
                Drawing on {sources.map((source) => `V${source.number} ${source.title}`).join(' · ')}
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
