import { useEffect } from 'react';
import { isTimeZone } from '../../../../shared/time-zones';
import { useAccountSettings, useSaveAccountSettings } from '../api/account-settings';

/** The browser's own time zone, when it names one the app knows. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

/** On a signed-in visit, an account without a time zone takes the browser's (changed later in account settings). */
export function BrowserTimeZone() {
  const settings = useAccountSettings();
  const save = useSaveAccountSettings();
  const missing = settings.data !== undefined && settings.data.timeZone === null;
  const { mutate, isIdle } = save;
  useEffect(() => {
    const zone = browserTimeZone();
    if (missing && isIdle && zone) mutate({ timeZone: zone });
  }, [missing, isIdle, mutate]);
  return null;
}
