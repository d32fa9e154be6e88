import { sendMessageInput } from '../../shared/schemas/consult';

/**
 * What is wrong with the typed message, in the server's words (the schema the route uses): none for a
 * blank box (Send is simply disabled) or a message that may be sent. The message is sent trimmed.
 */
export function messageProblem(value: string): string | undefined {
  const content = value.trim();
  if (content === '') return undefined;
  return sendMessageInput.safeParse({ content }).error?.issues[0]?.message;
}
