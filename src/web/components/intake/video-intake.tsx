import { FileText, Upload } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CreateChatInput } from '../../../shared/schemas/consult';
import {
  GENERIC_ERROR_MESSAGE,
  MAX_CAPTION_FILE_BYTES,
  parseCaptionFile,
  segmentsToPlainText,
} from '../../../shared/transcript';
import { INVALID_YOUTUBE_URL, parseYouTubeVideoId } from '../../../shared/youtube';
import { HTTP_ERROR_CODE, isApiError } from '../../lib/api-client';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../ui/dialog';
import { Input, Label, Textarea } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { CaptionTrackPicker } from './caption-track-picker';
import { useCaptionTracks } from './caption-tracks-api';
import { type LanguageChoice, LanguageField, languageToSend, useDetectedLanguage } from './language-field';

type Mode = 'youtube' | 'manual' | 'captions';

interface IntakeError {
  message: string;
  /** YouTube refused us: offer to paste the transcript or upload a caption file. */
  offerFallback?: boolean;
  /** Over the monthly limit: offer the plans. */
  offerUpgrade?: boolean;
}

/** What the submit buttons read (the spec's for a new consultation); `busy` replaces them while it runs. */
export interface IntakeLabels {
  youtube: string;
  manual: string;
  captions: string;
  busy: string;
}

export const NEW_CONSULTATION_LABELS: IntakeLabels = {
  youtube: 'Transform Content',
  manual: 'Analyze',
  captions: 'Analyze Captions',
  busy: 'Processing...',
};

/**
 * A video given three ways: a YouTube link, a pasted transcript, or a caption file. `onSubmit` sends
 * it (and moves on when it succeeds); its failure is shown under the form, with the paste and upload
 * fallbacks when YouTube refused us. `initialUrl` fills the link in.
 */
export function VideoIntake({
  onSubmit,
  labels = NEW_CONSULTATION_LABELS,
  initialUrl = '',
}: {
  onSubmit: (input: CreateChatInput) => Promise<unknown>;
  labels?: IntakeLabels;
  initialUrl?: string;
}) {
  const [mode, setMode] = useState<Mode>('youtube');
  const [youtubeUrl, setYoutubeUrl] = useState(initialUrl);
  const [transcript, setTranscript] = useState('');
  const [captions, setCaptions] = useState<{ fileName: string; content: string; preview: string } | null>(
    null,
  );
  const [manualLanguage, setManualLanguage] = useState<LanguageChoice>();
  const [captionsLanguage, setCaptionsLanguage] = useState<LanguageChoice>();
  const manualDetected = useDetectedLanguage(transcript);
  const captionsDetected = useDetectedLanguage(captions?.preview ?? '');
  const videoId = parseYouTubeVideoId(youtubeUrl);
  const tracks = useCaptionTracks(mode === 'youtube' ? videoId : null);
  const [picked, setPicked] = useState<{ videoId: string; trackId: string } | null>(null);
  const defaultTrackId = tracks.data?.defaultTrackId ?? null;
  const trackId = picked && picked.videoId === videoId ? picked.trackId : defaultTrackId;
  const [error, setError] = useState<IntakeError | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const transcriptRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (input: CreateChatInput) => {
    setError(null);
    setLoading(true);
    try {
      await onSubmit(input);
    } catch (failure) {
      setError({
        message: intakeErrorMessage(failure as Error),
        offerFallback: isApiError(failure, 'transcript_blocked'),
        offerUpgrade: isApiError(failure, 'usage_limit_exceeded'),
      });
    } finally {
      setLoading(false);
    }
  };
  /** The link kept with a transcript: none when blank; a link that is not YouTube's is refused, not dropped. */
  const optionalLink = (): { ok: true; youtubeUrl?: string } | { ok: false } => {
    const link = youtubeUrl.trim();
    if (!link) return { ok: true };
    if (parseYouTubeVideoId(link)) return { ok: true, youtubeUrl: link };
    setError({ message: INVALID_YOUTUBE_URL });
    return { ok: false };
  };

  const onUrlSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!videoId) return setError({ message: INVALID_YOUTUBE_URL });
    // The default track is left to the server, which can then fall back to every transcript source.
    const picks = trackId !== null && trackId !== defaultTrackId;
    void submit({ source: 'youtube', youtubeUrl: youtubeUrl.trim(), ...(picks ? { trackId } : {}) });
  };
  const onManualSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!transcript.trim()) return;
    const link = optionalLink();
    if (link.ok)
      void submit({
        source: 'manual',
        transcript,
        youtubeUrl: link.youtubeUrl,
        language: languageToSend(manualLanguage, manualDetected),
      });
  };
  const onCaptionsSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!captions) return;
    const link = optionalLink();
    if (link.ok)
      void submit({
        source: 'captions',
        fileName: captions.fileName,
        content: captions.content,
        youtubeUrl: link.youtubeUrl,
        language: languageToSend(captionsLanguage, captionsDetected),
      });
  };

  const onFile = async (file: File | undefined) => {
    setError(null);
    setCaptions(null);
    setCaptionsLanguage(undefined);
    if (!file) return;
    if (!/\.(srt|vtt)$/i.test(file.name)) return setError({ message: 'Upload an .srt or .vtt caption file' });
    if (file.size > MAX_CAPTION_FILE_BYTES) return setError({ message: 'Caption files can be up to 2 MB' });
    const content = await file.text();
    const parsed = parseCaptionFile(content);
    if (!parsed.ok) return setError({ message: parsed.message });
    setCaptions({ fileName: file.name, content, preview: segmentsToPlainText(parsed.segments) });
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
  };
  /** The blocked-video fallback: the notice goes away, so focus moves to the field of the chosen mode. */
  const fallBackTo = (next: 'manual' | 'captions') => {
    flushSync(() => switchTo(next));
    (next === 'manual' ? transcriptRef : fileRef).current?.focus();
  };

  return (
    <div className="grid gap-5">
      <Tabs value={mode} onValueChange={(value) => switchTo(value as Mode)}>
        <TabsList aria-label="How to provide the video" className="grid w-full grid-cols-3">
          <TabsTrigger value="youtube" disabled={loading}>
            YouTube URL
          </TabsTrigger>
          <TabsTrigger value="manual" disabled={loading}>
            Manual Transcript
          </TabsTrigger>
          <TabsTrigger value="captions" disabled={loading}>
            Caption File
          </TabsTrigger>
        </TabsList>

        <TabsContent value="youtube">
          <form className="grid gap-3" onSubmit={onUrlSubmit}>
            <Label htmlFor="youtube-url">YouTube URL</Label>
            <Input
              id="youtube-url"
              type="url"
              required
              placeholder="Paste YouTube URL here..."
              value={youtubeUrl}
              onChange={(event) => setYoutubeUrl(event.target.value)}
              disabled={loading}
            />
            <CaptionTrackPicker
              loading={tracks.isLoading}
              tracks={tracks.data?.tracks ?? []}
              value={trackId}
              onChange={(id) => videoId && setPicked({ videoId, trackId: id })}
              disabled={loading}
            />
            <Button type="submit" disabled={loading} aria-busy={loading}>
              {loading ? <Spinner className="[&>span]:size-4" decorative /> : null}
              {labels.youtube}
            </Button>
          </form>
        </TabsContent>

        <TabsContent value="manual">
          <form className="grid gap-3" onSubmit={onManualSubmit}>
            <Label htmlFor="manual-transcript">Transcript</Label>
            <Textarea
              id="manual-transcript"
              ref={transcriptRef}
              placeholder="Paste your transcript here..."
              value={transcript}
              onChange={(event) => setTranscript(event.target.value)}
              disabled={loading}
              className="min-h-48"
            />
            <LanguageField
              choice={manualLanguage}
              detected={manualDetected}
              onChoice={setManualLanguage}
              disabled={loading}
            />
            <OptionalLink value={youtubeUrl} onChange={setYoutubeUrl} disabled={loading} />
            <SubmitRow
              ready={transcript.trim() !== ''}
              loading={loading}
              onPreview={() => setPreviewOpen(true)}
            >
              {loading ? labels.busy : labels.manual}
            </SubmitRow>
          </form>
        </TabsContent>

        <TabsContent value="captions">
          <form className="grid gap-3" onSubmit={onCaptionsSubmit}>
            <Label htmlFor="caption-file">Caption file (.srt or .vtt, up to 2 MB)</Label>
            <Input
              id="caption-file"
              ref={fileRef}
              type="file"
              accept=".srt,.vtt,text/vtt,application/x-subrip"
              onChange={(event) => void onFile(event.target.files?.[0])}
              disabled={loading}
              className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm"
            />
            {/* The file input forgets its file when the tab is left; what will be read is kept here. */}
            {captions ? (
              <>
                <p className="text-sm text-muted-foreground">Selected file: {captions.fileName}</p>
                <LanguageField
                  choice={captionsLanguage}
                  detected={captionsDetected}
                  onChoice={setCaptionsLanguage}
                  disabled={loading}
                />
              </>
            ) : null}
            <OptionalLink value={youtubeUrl} onChange={setYoutubeUrl} disabled={loading} />
            <SubmitRow ready={captions !== null} loading={loading} onPreview={() => setPreviewOpen(true)}>
              <Upload /> {loading ? labels.busy : labels.captions}
            </SubmitRow>
          </form>
        </TabsContent>
      </Tabs>

      {error ? (
        <Alert tone="danger" className="grid gap-3">
          <p>{error.message}</p>
          {error.offerFallback ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => fallBackTo('manual')}>
                Paste the transcript
              </Button>
              <Button size="sm" variant="outline" onClick={() => fallBackTo('captions')}>
                Upload a caption file
              </Button>
            </div>
          ) : null}
          {error.offerUpgrade ? (
            <Button asChild size="sm" variant="outline" className="justify-self-start">
              <AppLink to={paths.onboarding.href()}>See plans</AppLink>
            </Button>
          ) : null}
        </Alert>
      ) : null}

      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Video Transcript</DialogTitle>
          </DialogHeader>
          <div className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap text-sm leading-relaxed">
            {mode === 'captions' ? captions?.preview : transcript}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The server's own message, or the spec's generic one for a bare HTTP status or a network failure. */
function intakeErrorMessage(failure: Error): string {
  const fromServer = isApiError(failure) && failure.code !== HTTP_ERROR_CODE;
  return (fromServer && failure.message) || GENERIC_ERROR_MESSAGE;
}

/** The submit button (disabled until there is a transcript) and the 'Video Transcript' preview. */
function SubmitRow({
  ready,
  loading,
  onPreview,
  children,
}: {
  ready: boolean;
  loading: boolean;
  onPreview: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={loading || !ready} className="flex-1">
        {children}
      </Button>
      <Button type="button" variant="outline" disabled={!ready} onClick={onPreview}>
        <FileText /> View transcript
      </Button>
    </div>
  );
}

function OptionalLink({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const invalid = value.trim() !== '' && !parseYouTubeVideoId(value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>YouTube link (optional)</Label>
      <Input
        id={id}
        type="url"
        placeholder="https://www.youtube.com/watch?v=…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={invalid ? 'text-sm text-danger' : 'text-sm text-muted-foreground'}>
        {invalid ? INVALID_YOUTUBE_URL : 'Lets the answers link to moments of the video.'}
      </p>
    </div>
  );
}
