import { z } from 'zod';
import { languageCode } from '../languages';
import { timeZoneName } from '../time-zones';

/** Account settings a user changes one at a time: the time zone and the answers' language. */
export const accountSettingsInput = z
  .object({ timeZone: timeZoneName.optional(), answerLanguage: languageCode.optional() })
  .refine((body) => body.timeZone !== undefined || body.answerLanguage !== undefined, 'Nothing to change');
export type AccountSettingsInput = z.infer<typeof accountSettingsInput>;
