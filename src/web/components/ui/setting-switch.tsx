import { type ReactNode, useId } from 'react';
import { Label } from './input';
import { Switch } from './switch';

/** A labelled on/off setting, saved as it is switched; below the label its hint, or that it failed to load. */
export function SettingSwitch({
  label,
  hint,
  loadFailed,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  hint: ReactNode;
  loadFailed: boolean;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {loadFailed ? 'We could not load this setting. Reload the page to try again.' : hint}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
