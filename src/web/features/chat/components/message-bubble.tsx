import { type ReactNode, useRef } from 'react';
import type { CitationResolver } from '../../../../shared/citations';
import type { ConsultUIMessage } from '../../../../shared/consult-stream';
import { Markdown } from '../../../components/chats/markdown';
import { cn } from '../../../lib/cn';
import { textOf } from '../../../lib/reply-stream';
import { CopyButton } from './copy-button';

/** A message: the user's on the right, the assistant's on the left with its token count. */
export function MessageBubble({
  message,
  citations,
  streaming = false,
  actions,
}: {
  message: ConsultUIMessage;
  citations: CitationResolver;
  streaming?: boolean;
  /** Controls beside Copy once the message is stored (an answer's rating; Make a plan under a finished answer). */
  actions?: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const mine = message.role === 'user';
  const text = textOf(message);
  const status = message.metadata?.status;
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={mine ? 'Your message' : 'Assistant message'}
        className={cn(
          'grid max-w-[92%] gap-2 rounded-2xl px-4 py-3 shadow-sm sm:max-w-[80%]',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm border bg-card',
          status === 'error' && 'border-danger/40 bg-danger-muted',
        )}
      >
        <div ref={contentRef}>
          {mine ? (
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{text}</p>
          ) : text ? (
            <Markdown text={text} citations={citations} />
          ) : (
            <p className="text-sm italic text-muted-foreground">Reply stopped before any text arrived.</p>
          )}
        </div>
        {streaming ? null : (
          <footer
            className={cn(
              'flex flex-wrap items-center gap-2 text-xs',
              mine ? 'justify-end text-primary-foreground/80' : 'justify-between text-muted-foreground',
            )}
          >
            {mine ? null : (
              <span>
                Tokens: {message.metadata?.totalTokens ?? 0}
                {status === 'partial' ? ' · stopped early' : ''}
              </span>
            )}
            <span className="flex flex-wrap items-center gap-1">
              <CopyButton source={contentRef} />
              {actions}
            </span>
          </footer>
        )}
      </article>
    </li>
  );
}
