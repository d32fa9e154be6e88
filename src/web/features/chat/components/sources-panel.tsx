import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { sourceLength } from '../../../../shared/chat-sources';
import { languageName } from '../../../../shared/languages';
import { MAX_CHAT_SOURCES } from '../../../../shared/schemas/sources';
import { type IntakeLabels, VideoIntake } from '../../../components/intake/video-intake';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useAddSource } from '../api/add-source';
import type { ChatSource } from '../api/get-chat';
import { useRemoveSource } from '../api/remove-source';

const ADD_VIDEO_LABELS: IntakeLabels = {
  youtube: 'Add video',
  manual: 'Add video',
  captions: 'Add video',
  busy: 'Adding…',
};

/**
 * The videos the consultation draws on: each with its number (as answers cite it), title or first
 * words, language, link and length. The owner adds one (the three intakes of /consult) or removes one.
 */
export function SourcesPanel({
  chatId,
  sources,
  readOnly,
}: {
  chatId: string;
  sources: ChatSource[];
  readOnly: boolean;
}) {
  const live = sources.filter((source) => source.removedAt === null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ChatSource | null>(null);
  const add = useAddSource(chatId);
  const remove = useRemoveSource(chatId);
  const full = live.length >= MAX_CHAT_SOURCES;

  return (
    <section
      aria-labelledby="sources-heading"
      className="mb-4 grid gap-2 rounded-lg border bg-card p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sources-heading" className="font-semibold">
          Videos ({live.length})
        </h2>
        {readOnly ? null : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setAdding(true)}
            disabled={full}
            aria-describedby={full ? 'sources-full' : undefined}
          >
            <Plus /> Add a video
          </Button>
        )}
      </div>
      {full && !readOnly ? (
        <p id="sources-full" className="text-xs text-muted-foreground">
          {MAX_CHAT_SOURCES} of {MAX_CHAT_SOURCES} videos: remove one to add another
        </p>
      ) : null}
      <ul className="grid gap-1.5" aria-label="Videos of this consultation">
        {live.map((source) => (
          <li key={source.id} className="flex min-w-0 items-center gap-2">
            <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs" aria-hidden="true">
              V{source.number}
            </span>
            <span className="min-w-0 flex-1 truncate" title={source.title}>
              <span className="sr-only">Video {source.number}: </span>
              {source.title}
            </span>
            {source.language ? (
              <span className="shrink-0 text-xs text-muted-foreground">
                <span className="sr-only">Language: </span>
                {languageName(source.language)}
              </span>
            ) : null}
            <span className="shrink-0 text-xs text-muted-foreground">{sourceLength(source)}</span>
            {source.youtubeUrl ? (
              <Button asChild variant="ghost" size="icon" className="size-8 shrink-0">
                <a
                  href={source.youtubeUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${source.title} on YouTube`}
                >
                  <ExternalLink />
                </a>
              </Button>
            ) : null}
            {readOnly || live.length === 1 ? null : (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 shrink-0 text-danger hover:text-danger"
                aria-label={`Remove ${source.title}`}
                onClick={() => setRemoving(source)}
              >
                <Trash2 />
              </Button>
            )}
          </li>
        ))}
      </ul>

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Add a video</DialogTitle>
            <DialogDescription>
              Later answers draw on every video of this consultation and cite them as [V2 14:05].
            </DialogDescription>
          </DialogHeader>
          <VideoIntake
            labels={ADD_VIDEO_LABELS}
            onSubmit={async (input) => {
              const { source } = await add.mutateAsync(input);
              setAdding(false);
              toast.success(`Added ${source.title}`);
            }}
          />
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove video"
        description={`Later answers will no longer draw on “${removing?.title ?? ''}”. Earlier answers keep their citations.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        tone="danger"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(null),
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </section>
  );
}
