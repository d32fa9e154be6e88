import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useSetWeeklyEmail, useWeeklyEmail } from '../api/weekly-email';

/** The weekly e-mail switch (on the suggestions page and in /profile). */
export function WeeklyEmailSetting() {
  const id = useId();
  const setting = useWeeklyEmail();
  const save = useSetWeeklyEmail();
  const checked = save.isPending ? save.variables : (setting.data?.weeklyEmail ?? false);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>Weekly e-mail</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {setting.isError
            ? 'We could not load this setting. Reload the page to try again.'
            : 'Every Monday: this week’s picks and the top trending videos for your business.'}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={!setting.data || save.isPending}
        onCheckedChange={(on) =>
          save.mutate(on, {
            onSuccess: () =>
              toast.success(on ? 'You will get the weekly e-mail on Mondays' : 'Weekly e-mail turned off'),
            onError: () => toast.error('Could not save your e-mail setting. Please try again.'),
          })
        }
      />
    </div>
  );
}
