import { toast } from 'sonner';
import { SettingSwitch } from '../../../components/ui/setting-switch';
import { useSetWeeklyEmail, useWeeklyEmail } from '../api/weekly-email';

/** The weekly e-mail switch (on the suggestions page and in /profile). */
export function WeeklyEmailSetting() {
  const setting = useWeeklyEmail();
  const save = useSetWeeklyEmail();
  return (
    <SettingSwitch
      label="Weekly e-mail"
      hint="Every Monday: this week’s picks and the top trending videos for your business."
      loadFailed={setting.isError}
      checked={save.isPending ? save.variables : (setting.data?.weeklyEmail ?? false)}
      disabled={!setting.data || save.isPending}
      onCheckedChange={(on) =>
        save.mutate(on, {
          onSuccess: () =>
            toast.success(on ? 'You will get the weekly e-mail on Mondays' : 'Weekly e-mail turned off'),
          onError: () => toast.error('Could not save your e-mail setting. Please try again.'),
        })
      }
    />
  );
}
