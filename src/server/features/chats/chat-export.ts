import { chatDisplayTitle } from '../../../shared/schemas/chats';
import type { ChatRow, MessageRow } from '../consult/consult.queries';

export interface ExportableChat {
  chat: Pick<ChatRow, 'title' | 'youtubeUrl' | 'transcript' | 'totalTokens' | 'createdAt'>;
  messages: Pick<MessageRow, 'role' | 'content' | 'totalTokens' | 'createdAt'>[];
}

const SPEAKERS = { user: 'You', assistant: 'Vidvisor' } as const;

/** The server does not know the reader's time zone: exports state the time in UTC. */
const utcStamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The consultation as a Markdown document: title, details, the conversation, then the transcript. */
export function chatToMarkdown({ chat, messages }: ExportableChat): string {
  const details = [
    `- Created: ${utcStamp(chat.createdAt)}`,
    ...(chat.youtubeUrl ? [`- Video: ${chat.youtubeUrl}`] : []),
    `- Tokens: ${chat.totalTokens}`,
  ];
  const conversation = messages.length
    ? messages.flatMap((m) => [`### ${SPEAKERS[m.role]}`, '', m.content.trim(), ''])
    : ['_No messages yet._', ''];
  return [
    `# ${chatDisplayTitle(chat.title)}`,
    '',
    ...details,
    '',
    '## Conversation',
    '',
    ...conversation,
    '## Transcript',
    '',
    chat.transcript.trim(),
    '',
  ].join('\n');
}

/** Markdown reduced to readable plain text for the PDF (headings, emphasis, bullets, code fences). */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^(\s*)[-*+]\s+/gm, '$1• ')
    .replace(/\[([^\]]+)\]\((\S+?)\)/g, '$1 ($2)');
}

/** The standard PDF fonts cover Latin-1 (WinAnsi); other characters would print as gibberish. */
function printable(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff•…–—‘’“”€]/g, '?');
}

/** The same document as a PDF, generated on the server with pdfkit (loaded on first use: it is heavy). */
export async function chatToPdf({ chat, messages }: ExportableChat): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = chatDisplayTitle(chat.title);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Creator: 'Vidvisor' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(printable(title));
  doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#555555');
  doc.text(`Created: ${utcStamp(chat.createdAt)}`);
  if (chat.youtubeUrl) doc.text(`Video: ${printable(chat.youtubeUrl)}`);
  doc.text(`Tokens: ${chat.totalTokens}`).fillColor('#000000');

  section(doc, 'Conversation');
  if (messages.length === 0) doc.font('Helvetica-Oblique').fontSize(11).text('No messages yet.');
  for (const message of messages) {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(SPEAKERS[message.role]);
    doc
      .font('Helvetica')
      .fontSize(11)
      .text(printable(markdownToPlainText(message.content.trim())));
  }

  section(doc, 'Transcript');
  doc.font('Helvetica').fontSize(10).text(printable(chat.transcript.trim()));
  doc.end();
  return done;
}

function section(doc: PDFKit.PDFDocument, heading: string) {
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(14).text(heading);
}

/** A safe ASCII file name from the title: 'Pricing ideas!' → 'pricing-ideas'. */
export function exportFileName(title: string | null, extension: 'md' | 'pdf'): string {
  const slug = chatDisplayTitle(title)
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'chat'}.${extension}`;
}
