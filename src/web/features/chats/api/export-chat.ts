import type { ChatExportFormat } from '../../../../shared/schemas/chats';

/**
 * The download address of a chat's export (GET /api/chats/:id/export): a plain link, so the browser
 * saves the file. Written out because the typed client's `$url()` needs an absolute base URL.
 */
export function chatExportHref(id: string, format: ChatExportFormat): string {
  return `/api/chats/${encodeURIComponent(id)}/export?format=${format}`;
}
