import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useCheckIn, useSetCheckIn } from '../api/check-in';

/** The weekly check-in e-mail switch (on My Plan and in /profile). */
export function CheckInSetting() {
  const id = useId();
  const setting = useCheckIn();
  const save = useSetCheckIn();
  const checked = save.isPending ? save.variables : (setting.data?.enabled ?? false);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>Weekly check-in e-mail</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {setting.isError
            ? 'We could not load this setting. Reload the page to try again.'
            : 'Once a week: what is overdue, what is due in the next 7 days, and what you got done.'}
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
              toast.success(
                on ? 'You will get a weekly check-in e-mail' : 'Weekly check-in e-mail turned off',
              ),
            onError: () => toast.error('Could not save your e-mail setting. Please try again.'),
          })
        }
      />
    </div>
  );
}
