import { ChevronLeft, ChevronRight, Pencil, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CitationResolver } from '../../../../shared/citations';
import type { ConsultUIMessage } from '../../../../shared/consult-stream';
import { Markdown } from '../../../components/chats/markdown';
import { MessageBox } from '../../../components/chats/message-box';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { textOf } from '../../../lib/reply-stream';
import { SHORTCUT_TARGET } from '../../../lib/shortcuts';
import { CopyButton } from './copy-button';

/** A message's versions (regenerated answers, edited questions): which is shown, and moving to another. */
export interface Versions {
  ids: string[];
  onShow: (messageId: string) => void;
}

/** What the user may do with a message now (none while a reply streams or when reading someone else's chat). */
export interface MessageActions {
  versions?: Versions;
  /** The last answer: write it again. */
  onRegenerate?: () => void;
  /** A question: send it again changed, on a new branch. */
  onEdit?: (text: string) => void;
  /** Moving between versions is paused (a reply streams, or a move is under way). */
  busy?: boolean;
}

/** A message: the user's on the right, the assistant's on the left with its token count. */
export function MessageBubble({
  message,
  citations,
  streaming = false,
  controls = {},
  actions,
}: {
  message: ConsultUIMessage;
  citations: CitationResolver;
  streaming?: boolean;
  /** Regenerate, Edit and the version arrows. */
  controls?: MessageActions;
  /** Controls beside Copy once the message is stored (an answer's rating; Make a plan under a finished answer). */
  actions?: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const mine = message.role === 'user';
  const text = textOf(message);
  const status = message.metadata?.status;
  const { versions, onRegenerate, onEdit, busy = false } = controls;
  if (draft !== null && onEdit) {
    return (
      <li className="flex justify-end">
        <EditBox
          value={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSend={() => {
            onEdit(draft.trim());
            setDraft(null);
          }}
        />
      </li>
    );
  }
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
              mine ? 'justify-end text-primary-foreground' : 'justify-between text-muted-foreground',
            )}
          >
            {mine ? null : (
              <span>
                Tokens: {message.metadata?.totalTokens ?? 0}
                {status === 'partial' ? ' · stopped early' : ''}
              </span>
            )}
            <div className="flex flex-wrap items-center gap-1">
              {versions && versions.ids.length > 1 ? (
                <VersionArrows messageId={message.id} versions={versions} disabled={busy} />
              ) : null}
              {onEdit ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onClick={() => setDraft(text)}
                  aria-label="Edit message"
                >
                  <Pencil /> Edit
                </Button>
              ) : null}
              {onRegenerate ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onClick={onRegenerate}
                  aria-label="Regenerate answer"
                >
                  <RefreshCw /> Regenerate
                </Button>
              ) : null}
              <CopyButton source={contentRef} />
              {actions}
            </div>
          </footer>
        )}
      </article>
    </li>
  );
}

/** `‹ 2 / 3 ›`: the version shown among a message's versions, with the way to the others. */
function VersionArrows({
  messageId,
  versions,
  disabled,
}: {
  messageId: string;
  versions: Versions;
  disabled: boolean;
}) {
  const index = versions.ids.indexOf(messageId);
  const show = (offset: number) => versions.onShow(versions.ids[index + offset]!);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of controls, not a form's fieldset
    <div role="group" aria-label="Versions" className="flex items-center">
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-1.5"
        onClick={() => show(-1)}
        disabled={disabled || index <= 0}
        aria-label="Previous version"
        data-shortcut={SHORTCUT_TARGET.previousVersion}
      >
        <ChevronLeft />
      </Button>
      <span className="tabular-nums">
        {index + 1} / {versions.ids.length}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-1.5"
        onClick={() => show(1)}
        disabled={disabled || index >= versions.ids.length - 1}
        aria-label="Next version"
        data-shortcut={SHORTCUT_TARGET.nextVersion}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}

/** A question being edited: sent again as a new branch, or cancelled (Escape) leaving it as it was. */
function EditBox({
  value,
  onChange,
  onSend,
  onCancel,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onCancel: () => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const field = boxRef.current?.querySelector('textarea');
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the editor cancels it
    <div
      ref={boxRef}
      className="grid w-full max-w-[92%] gap-2 rounded-2xl border bg-card p-3 shadow-sm sm:max-w-[80%]"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <MessageBox
        value={value}
        onChange={onChange}
        onSend={onSend}
        onStop={onCancel}
        busy={false}
        streaming={false}
        label="Edit your message"
        showLabel
        placeholder=""
        sendLabel="Send edited message"
      />
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
