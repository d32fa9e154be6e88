import { toast } from 'sonner';
import { SettingSwitch } from '../../../components/ui/setting-switch';
import { useCheckIn, useSetCheckIn } from '../api/check-in';

/** The weekly check-in e-mail switch (on My Plan and in /profile). */
export function CheckInSetting() {
  const setting = useCheckIn();
  const save = useSetCheckIn();
  return (
    <SettingSwitch
      label="Weekly check-in e-mail"
      hint="Once a week: what is overdue, what is due in the next 7 days, and what you got done."
      loadFailed={setting.isError}
      checked={save.isPending ? save.variables : (setting.data?.enabled ?? false)}
      disabled={!setting.data || save.isPending}
      onCheckedChange={(on) =>
        save.mutate(on, {
          onSuccess: () =>
            toast.success(on ? 'You will get a weekly check-in e-mail' : 'Weekly check-in e-mail turned off'),
          onError: () => toast.error('Could not save your e-mail setting. Please try again.'),
        })
      }
    />
  );
}
