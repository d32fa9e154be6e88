import type { UseFormRegisterReturn } from 'react-hook-form';
import { languageLabel } from '../../../../shared/language-label';
import { LANGUAGES } from '../../../../shared/languages';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';

const BY_NAME = [...LANGUAGES].sort((a, b) => a.name.localeCompare(b.name));

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
          {BY_NAME.map((language) => (
            <option key={language.code} value={language.code}>
              {languageLabel(language.code)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
