import { toast } from 'sonner';
import { LANGUAGES_BY_NAME, languageLabel } from '../../../../shared/language-label';
import type { AccountSettingsInput } from '../../../../shared/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useAccountSettings, useSaveAccountSettings } from '../api/account-settings';
import { browserTimeZone } from './browser-time-zone';

/** Every zone the browser knows, with the saved one kept even if this browser does not list it. */
function timeZoneChoices(saved: string | null): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (saved) zones.add(saved);
  return [...zones].sort();
}

/** Settings: the time zone the plan's days follow and the language answers are written in, saved as chosen. */
export function AccountSettingsCard() {
  const settings = useAccountSettings();
  const save = useSaveAccountSettings();
  const change = (changes: AccountSettingsInput, done: string) =>
    save.mutate(changes, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(`Could not save your setting: ${error.message}`),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        {settings.isPending ? (
          <Spinner label="Loading your settings" className="text-primary" />
        ) : settings.isError ? (
          <Alert tone="danger">We could not load your settings. Reload the page to try again.</Alert>
        ) : (
          <>
            <Field
              label="Time zone"
              hint="Due dates, overdue steps and your weekly e-mail follow this time zone."
            >
              {(props) => (
                <Select
                  {...props}
                  value={settings.data.timeZone ?? browserTimeZone() ?? 'UTC'}
                  disabled={save.isPending}
                  onChange={(event) => change({ timeZone: event.target.value }, 'Time zone saved')}
                >
                  {timeZoneChoices(settings.data.timeZone).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label="Answer in"
              hint="Answers, plan steps and suggested questions are written in this language, whatever the video's language."
            >
              {(props) => (
                <Select
                  {...props}
                  value={settings.data.answerLanguage}
                  disabled={save.isPending}
                  onChange={(event) =>
                    change(
                      { answerLanguage: event.target.value as AccountSettingsInput['answerLanguage'] },
                      'Answer language saved',
                    )
                  }
                >
                  {LANGUAGES_BY_NAME.map((language) => (
                    <option key={language.code} value={language.code}>
                      {languageLabel(language.code)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </>
        )}
      </CardContent>
    </Card>
  );
}
