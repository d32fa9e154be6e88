import type { UseFormRegisterReturn } from 'react-hook-form';
import { LANGUAGES_BY_NAME, languageLabel } from '../../../../shared/language-label';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';

/** 'Answer in': the language answers, plan steps and suggested questions are written in. */
export function AnswerLanguageField({
  registration,
}: {
  registration: UseFormRegisterReturn<'answerLanguage'>;
}) {
  return (
    <Field
      label="Answer in"
      hint="Answers, plan steps and suggested questions are written in this language, whatever the video's language."
    >
      {(props) => (
        <Select {...props} {...registration}>
          {LANGUAGES_BY_NAME.map((language) => (
            <option key={language.code} value={language.code}>
              {languageLabel(language.code)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
