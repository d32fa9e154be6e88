import { chatViewQuery } from './consult';

/** `?ia=1`: a super admin reads another user's consultation, as its page does. */
export const chatTranscriptQuery = chatViewQuery.pick({ ia: true });
