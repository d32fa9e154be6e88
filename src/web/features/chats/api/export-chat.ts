import type { ChatExportFormat } from '../../../../shared/schemas/chats';
import { api } from '../../../lib/api-client';

/** The download address of a chat's export (a plain link: the browser saves the file). */
export function chatExportHref(id: string, format: ChatExportFormat): string {
  const url = api.chats[':id'].export.$url({ param: { id }, query: { format } });
  return `${url.pathname}${url.search}`;
}
