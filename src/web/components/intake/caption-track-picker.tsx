import { Field } from '../ui/field';
import { Select } from '../ui/input';
import { Spinner } from '../ui/spinner';
import type { CaptionTrackOption } from './caption-tracks-api';

export const trackLabel = (track: CaptionTrackOption) =>
  track.auto ? `${track.name} (auto-generated)` : track.name;

/**
 * The caption tracks of the linked video, when it has several: the user picks the one its transcript
 * is read from (the video's original language comes first). Quiet while they load; absent when
 * YouTube would not list them (the preferred track is read).
 */
export function CaptionTrackPicker({
  loading,
  tracks,
  value,
  onChange,
  disabled,
}: {
  loading: boolean;
  tracks: CaptionTrackOption[];
  value: string | null;
  onChange: (trackId: string) => void;
  disabled: boolean;
}) {
  if (loading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner className="[&>span]:size-4" decorative /> Looking for caption tracks…
      </p>
    );
  }
  if (tracks.length < 2 || value === null) return null;
  return (
    <Field
      label="Caption track"
      hint={`The video has captions in ${tracks.length} versions: its original language is chosen first.`}
    >
      {(props) => (
        <Select
          {...props}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
        >
          {tracks.map((track) => (
            <option key={track.id} value={track.id}>
              {trackLabel(track)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
