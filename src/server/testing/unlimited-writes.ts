/**
 * The routes that change data without a rate limit, each with the reason it needs none. Every other
 * POST, PUT, PATCH and DELETE of the app counts a limit of RATE_LIMITS (rate-limit.test.ts checks both
 * ways: a writing route in neither place fails, and so does one listed here that counts a limit).
 */

const OWN_ROWS = "changes or deletes the user's own rows: it creates none and calls no other service";
const STAFF = 'super admins only: a staff tool, not open to customers or to the public';
const METERED =
  'a model call metered by the plan (monthly tokens and daily messages, checked before the call) and one reply at a time per user';

export const UNLIMITED_WRITES: Record<string, string> = {
  'PUT /profile': OWN_ROWS,
  'PATCH /account/settings': OWN_ROWS,
  'DELETE /account/assistants/:clientId': OWN_ROWS,
  'DELETE /mcp': 'answers 405 to everyone (the MCP server keeps no sessions to end): it changes nothing',
  'POST /billing/free-plan': "sets the user's one plan row; no billing provider is called for a free plan",
  'POST /billing/test-checkout/:sessionId/complete':
    'the local test provider only: completes a checkout already counted, and calls no one',
  'POST /billing/webhook':
    "the billing provider's own calls, verified by signature and applied once per event: refusing one would lose it",
  'PATCH /chats/:id': OWN_ROWS,
  'DELETE /chats/:id': OWN_ROWS,
  'POST /chats/:chatId/first-reply': `${METERED}; once per consultation (claimed in its row)`,
  'POST /chats/:chatId/messages': METERED,
  'POST /chats/:chatId/messages/:messageId/regenerate': METERED,
  'POST /chats/:chatId/messages/:messageId/edit': METERED,
  'PUT /chats/:chatId/branch': OWN_ROWS,
  'POST /chats/:chatId/stop': `${OWN_ROWS}: ends the user's own answer early, which is saved as its reply would be`,
  'DELETE /chats/:chatId/sources/:sourceId': OWN_ROWS,
  'PUT /chats/:chatId/messages/:messageId/rating': `${OWN_ROWS} (one rating per answer)`,
  'DELETE /chats/:chatId/messages/:messageId/rating': OWN_ROWS,
  'POST /chats/:chatId/messages/:messageId/follow-ups':
    'written once per answer and kept (a second request reads them), its tokens metered like a reply',
  'DELETE /chats/:chatId/share-links/:linkId': OWN_ROWS,
  'PUT /suggestions/keywords': `${OWN_ROWS} (one keyword set per user)`,
  'PUT /suggestions/email': OWN_ROWS,
  'POST /suggestions/unsubscribe': "one click from an e-mail: turns off one setting of the token's owner",
  'POST /suggestions/weekly-mail/unsubscribe':
    "one click from an e-mail: turns off the two weekly settings of the token's owner",
  'PUT /suggestions/weekly-mail/keep':
    "from the unsubscribe page: turns one weekly setting of the token's owner back on",
  'DELETE /channels/:channelId': OWN_ROWS,
  'DELETE /plan/calendar': OWN_ROWS,
  'POST /plan/items': 'capped per user (PLAN_LIMITS.itemsPerUser, checked in the database) and per request',
  'PATCH /plan/items/:itemId': OWN_ROWS,
  'PUT /plan/order': OWN_ROWS,
  'DELETE /plan/items/:itemId': OWN_ROWS,
  'PUT /plan/check-in': OWN_ROWS,
  'POST /plan/check-in/unsubscribe': "one click from an e-mail: turns off one setting of the token's owner",
  'PUT /admin/assistant': STAFF,
  'PUT /admin/users/:id/role': STAFF,
  'PATCH /admin/chats/:id': STAFF,
  'DELETE /admin/chats/:id': STAFF,
  'POST /admin/tickets/:id/replies': STAFF,
  'POST /admin/tickets/:id/resolve': STAFF,
  'POST /admin/suggestions': STAFF,
  'PUT /admin/suggestions/order': STAFF,
  'PUT /admin/suggestions/:id': STAFF,
  'DELETE /admin/suggestions/:id': STAFF,
};
