import { useDeferredValue, useMemo } from 'react';
import { detectLanguage } from '../../../shared/language-detection';
import { LANGUAGES_BY_NAME, languageLabel } from '../../../shared/language-label';
import type { LanguageCode } from '../../../shared/languages';
import { Field } from '../ui/field';
import { Select } from '../ui/input';

/** The user's answer to 'which language is this transcript in?': undefined until they change the field. */
export type LanguageChoice = LanguageCode | null | undefined;

/** The select's value for 'not listed': stored as no language. */
const NOT_LISTED = '';

/** The language detected in `text`, followed lazily as the user types or pastes. */
export function useDetectedLanguage(text: string): LanguageCode | null {
  const settled = useDeferredValue(text);
  return useMemo(() => detectLanguage(settled), [settled]);
}

/** The language to send: what the user chose, else what was detected (null: not listed or unknown). */
export const languageToSend = (choice: LanguageChoice, detected: LanguageCode | null) =>
  choice === undefined ? detected : choice;

/**
 * A pasted transcript's or caption file's language: detected from its text and shown, and the user
 * may correct it. Search uses its stemming rules; 'Other or not listed' is searched word for word.
 */
export function LanguageField({
  choice,
  detected,
  onChoice,
  disabled,
}: {
  choice: LanguageChoice;
  detected: LanguageCode | null;
  onChoice: (language: LanguageCode | null) => void;
  disabled: boolean;
}) {
  const value = languageToSend(choice, detected);
  const hint =
    choice !== undefined
      ? 'Chosen by you.'
      : detected
        ? 'Detected from the text: change it if it is wrong.'
        : 'We could not tell the language yet: choose it if it is listed.';
  return (
    <Field label="Transcript language" hint={hint}>
      {(props) => (
        <Select
          {...props}
          value={value ?? NOT_LISTED}
          onChange={(event) => onChoice((event.target.value || null) as LanguageCode | null)}
          disabled={disabled}
        >
          {LANGUAGES_BY_NAME.map((language) => (
            <option key={language.code} value={language.code}>
              {languageLabel(language.code)}
            </option>
          ))}
          <option value={NOT_LISTED}>Other or not listed</option>
        </Select>
      )}
    </Field>
  );
}
