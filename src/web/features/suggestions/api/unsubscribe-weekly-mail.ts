import { useMutation } from '@tanstack/react-query';
import type { WEEKLY_MAIL_PARTS } from '../../../../shared/schemas/suggestions';
import { api, unwrap } from '../../../lib/api-client';

export async function unsubscribeWeeklyMail(token: string) {
  return unwrap(await api.suggestions['weekly-mail'].unsubscribe.$post({ query: { token } }));
}

/** The combined weekly mail's unsubscribe: the picks and the check-in both stop. */
export function useUnsubscribeWeeklyMail() {
  return useMutation({ mutationFn: unsubscribeWeeklyMail });
}

export async function keepWeeklyMailPart({
  token,
  part,
}: {
  token: string;
  part: (typeof WEEKLY_MAIL_PARTS)[number];
}) {
  return unwrap(await api.suggestions['weekly-mail'].keep.$put({ query: { token }, json: { part } }));
}

/** After unsubscribing, one part of the weekly mail back on. */
export function useKeepWeeklyMailPart() {
  return useMutation({ mutationFn: keepWeeklyMailPart });
}
