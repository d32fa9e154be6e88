import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import {
  PICK_LIMITS,
  type PickInput,
  type PickValues,
  pickInput,
} from '../../../../shared/schemas/suggestions';
import { addWeeks, formatDuration, weekLabel, weekOf } from '../../../../shared/suggestions';
import { youTubeWatchUrl } from '../../../../shared/youtube';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import type { WeeklyPick } from '../api/get-admin-picks';
import { useLookupVideo } from '../api/lookup-video';
import { useSavePick } from '../api/save-pick';
import { ChipInput } from './chip-input';

const FIELDS = [
  'url',
  'week',
  'title',
  'channel',
  'duration',
  'publishedOn',
  'thumbnailUrl',
  'tags',
  'note',
] as const;

function valuesOf(pick: WeeklyPick | undefined, week: string): PickInput {
  if (!pick) {
    return {
      url: '',
      week,
      title: '',
      channel: '',
      duration: '',
      publishedOn: '',
      thumbnailUrl: '',
      tags: [],
      note: '',
    };
  }
  return {
    url: youTubeWatchUrl(pick.videoId),
    week: pick.week,
    title: pick.title,
    channel: pick.channel,
    duration: pick.durationSeconds ? formatDuration(pick.durationSeconds) : '',
    publishedOn: pick.publishedOn ?? '',
    thumbnailUrl: pick.thumbnailUrl ?? '',
    tags: pick.tags,
    note: pick.note,
  };
}

/** Four weeks back to twelve ahead of this one, and the pick's own week. */
function weekChoices(current: string): string[] {
  const around = Array.from({ length: 17 }, (_, i) => addWeeks(weekOf(), i - 4));
  return [...new Set([...around, current])].sort();
}

/** Adds a pick (or edits `pick`): the link's details come from YouTube when it answers, else are typed. */
export function PickForm({ pick, week, onDone }: { pick?: WeeklyPick; week: string; onDone: () => void }) {
  const form = useForm<PickInput, unknown, PickValues>({
    resolver: zodResolver(pickInput),
    defaultValues: valuesOf(pick, week),
  });
  const lookup = useLookupVideo();
  const save = useSavePick();
  const [lookupNote, setLookupNote] = useState<{ tone: 'info' | 'warning'; text: string } | null>(null);
  const errors = form.formState.errors;

  const fetchDetails = async () => {
    setLookupNote(null);
    if (!(await form.trigger('url'))) return;
    lookup.mutate(form.getValues('url'), {
      onSuccess: (result) => {
        if (!result.found) {
          setLookupNote({ tone: 'warning', text: result.message });
          form.setFocus('title');
          return;
        }
        const { video } = result;
        form.setValue('title', video.title, { shouldValidate: true });
        form.setValue('channel', video.channel);
        if (video.durationSeconds) form.setValue('duration', formatDuration(video.durationSeconds));
        if (video.publishedOn) form.setValue('publishedOn', video.publishedOn);
        if (video.thumbnailUrl) form.setValue('thumbnailUrl', video.thumbnailUrl);
        setLookupNote({
          tone: 'info',
          text: 'Details filled in from YouTube. Check them, then say why it is a pick.',
        });
        form.setFocus('note');
      },
      onError: (error) => setLookupNote({ tone: 'warning', text: error.message }),
    });
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: pick?.id, input: values },
      {
        onSuccess: () => {
          toast.success(pick ? 'Pick updated' : 'Pick added', { duration: ADMIN_TOAST_MS });
          onDone();
        },
        onError: (error) => {
          const field = isApiError(error) ? FIELDS.find((name) => name === error.field) : undefined;
          const message = isApiError(error, 'conflict') ? error.message : error.message.replace(/^\w+: /, '');
          form.setError(isApiError(error, 'conflict') ? 'url' : (field ?? 'root'), { message });
        },
      },
    ),
  );
  const busy = save.isPending;

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <Field label="YouTube link" error={errors.url?.message}>
        {(props) => (
          <div className="flex gap-2">
            <Input
              {...props}
              {...form.register('url')}
              type="url"
              placeholder="https://www.youtube.com/watch?v=…"
              disabled={busy}
            />
            <Button
              variant="secondary"
              onClick={fetchDetails}
              disabled={busy || lookup.isPending}
              className="shrink-0"
            >
              <Download aria-hidden /> {lookup.isPending ? 'Fetching...' : 'Fetch details'}
            </Button>
          </div>
        )}
      </Field>
      {lookupNote ? <Alert tone={lookupNote.tone}>{lookupNote.text}</Alert> : null}
      <Field label="Week" error={errors.week?.message}>
        {(props) => (
          <Select {...props} {...form.register('week')} disabled={busy}>
            {weekChoices(form.getValues('week')).map((choice) => (
              <option key={choice} value={choice}>
                {weekLabel(choice)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Title" error={errors.title?.message}>
        {(props) => (
          <Input {...props} {...form.register('title')} maxLength={PICK_LIMITS.title} disabled={busy} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Channel (optional)" error={errors.channel?.message}>
          {(props) => <Input {...props} {...form.register('channel')} disabled={busy} />}
        </Field>
        <Field label="Length, m:ss (optional)" error={errors.duration?.message}>
          {(props) => <Input {...props} {...form.register('duration')} inputMode="numeric" disabled={busy} />}
        </Field>
        <Field label="Published (optional)" error={errors.publishedOn?.message}>
          {(props) => <Input {...props} {...form.register('publishedOn')} type="date" disabled={busy} />}
        </Field>
        <Field label="Thumbnail link (optional)" error={errors.thumbnailUrl?.message}>
          {(props) => <Input {...props} {...form.register('thumbnailUrl')} type="url" disabled={busy} />}
        </Field>
      </div>
      <Controller
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <ChipInput
            label="Tags (optional)"
            listLabel="Tags"
            chips={field.value ?? []}
            onChange={(next) => field.onChange(next)}
            max={PICK_LIMITS.tags}
            maxLength={PICK_LIMITS.tag}
            tooMany={`Up to ${PICK_LIMITS.tags} tags`}
            tooLong={`Tags can be up to ${PICK_LIMITS.tag} characters`}
            submitLabel={
              <>
                <Plus aria-hidden /> Add tag
              </>
            }
            busy={busy}
            error={fieldState.error?.message}
          />
        )}
      />
      <Field label="Why this pick" error={errors.note?.message}>
        {(props) => (
          <Textarea {...props} {...form.register('note')} maxLength={PICK_LIMITS.note} disabled={busy} />
        )}
      </Field>
      {errors.root ? <Alert tone="danger">{errors.root.message}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : pick ? 'Save changes' : 'Add pick'}
        </Button>
      </div>
    </form>
  );
}
