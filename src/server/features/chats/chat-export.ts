import {
  isOneSourceChat,
  isSourceChange,
  sourceChanges,
  sourceLength,
  withSourceChanges,
} from '../../../shared/chat-sources';
import {
  type CitationResolver,
  citationLink,
  citationParts,
  citationResolver,
  linkCitations,
} from '../../../shared/citations';
import { chatDisplayTitle } from '../../../shared/schemas/chats';
import type { ChatRow, MessageRow } from '../chat/chat.queries';
import type { SourceSummary } from '../chat/sources.service';

export interface ExportableChat {
  chat: Pick<ChatRow, 'title' | 'youtubeUrl' | 'transcript' | 'totalTokens' | 'createdAt'>;
  messages: Pick<MessageRow, 'role' | 'content' | 'totalTokens' | 'createdAt'>[];
  /** Its videos, removed ones too (earlier answers cite them). */
  sources: SourceSummary[];
  /** The live videos' transcripts, by number. */
  transcripts: { number: number; title: string; transcript: string }[];
}

type ExportedMessage = ExportableChat['messages'][number];

/** What an export holds besides its header: the conversation with its video changes, and the transcripts. */
function exportParts({ chat, messages, sources, transcripts }: ExportableChat) {
  const title = chatDisplayTitle(chat.title);
  const conversation = withSourceChanges(
    messages,
    (message) => message.createdAt.toISOString(),
    sourceChanges(chat.createdAt.toISOString(), sources),
  );
  const oneSource = isOneSourceChat(sources);
  return {
    title,
    conversation,
    citations: citationResolver({ url: chat.youtubeUrl, title }, sources),
    /** A consultation of its own video alone lists no videos and prints its one transcript, as before. */
    videos: oneSource ? [] : sources,
    transcripts: oneSource ? [{ number: 1, title, transcript: chat.transcript }] : transcripts,
    oneSource,
  };
}

/** 'V2: Title (02:30): link', as the videos' list shows each. */
function videoLine(source: SourceSummary): string {
  const removed = source.removedAt ? ', removed' : '';
  return `V${source.number}: ${source.title} (${sourceLength(source)}${removed})${source.youtubeUrl ? `: ${source.youtubeUrl}` : ''}`;
}

const SPEAKERS = { user: 'You', assistant: 'Vidvisor' } as const;

/** The server does not know the reader's time zone: exports state the time in UTC. */
const utcStamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The consultation as a Markdown document: title, details, its videos, the conversation (citations
 * linked to the moments they cite), then the transcripts.
 */
export function chatToMarkdown(exportable: ExportableChat): string {
  const { chat } = exportable;
  const parts = exportParts(exportable);
  const details = [
    `- Created: ${utcStamp(chat.createdAt)}`,
    ...(parts.oneSource && chat.youtubeUrl ? [`- Video: ${chat.youtubeUrl}`] : []),
    `- Tokens: ${chat.totalTokens}`,
  ];
  const videos = parts.videos.length
    ? ['## Videos', '', ...parts.videos.map((s) => `- ${videoLine(s)}`), '']
    : [];
  const conversation = parts.conversation.length
    ? parts.conversation.flatMap((item) =>
        isSourceChange(item)
          ? [`_${item.change}_`, '']
          : [`### ${SPEAKERS[item.role]}`, '', linkCitations(item.content.trim(), parts.citations), ''],
      )
    : ['_No messages yet._', ''];
  const transcripts = parts.oneSource
    ? ['## Transcript', '', chat.transcript.trim(), '']
    : [
        '## Transcripts',
        '',
        ...parts.transcripts.flatMap((s) => [`### V${s.number}: ${s.title}`, '', s.transcript.trim(), '']),
      ];
  return [
    `# ${parts.title}`,
    '',
    ...details,
    '',
    ...videos,
    '## Conversation',
    '',
    ...conversation,
    ...transcripts,
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
export async function chatToPdf(exportable: ExportableChat): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { chat } = exportable;
  const parts = exportParts(exportable);
  const { title } = parts;
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
  if (parts.oneSource && chat.youtubeUrl) doc.text(`Video: ${printable(chat.youtubeUrl)}`);
  doc.text(`Tokens: ${chat.totalTokens}`).fillColor('#000000');

  if (parts.videos.length) {
    section(doc, 'Videos');
    doc.font('Helvetica').fontSize(10);
    for (const source of parts.videos) doc.text(printable(`• ${videoLine(source)}`));
  }

  section(doc, 'Conversation');
  if (parts.conversation.length === 0) doc.font('Helvetica-Oblique').fontSize(11).text('No messages yet.');
  for (const item of parts.conversation) {
    if (isSourceChange(item)) {
      doc.moveDown(0.6).font('Helvetica-Oblique').fontSize(10).text(printable(item.change));
      continue;
    }
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(SPEAKERS[item.role]);
    writeWithCitations(doc.font('Helvetica').fontSize(11), item, parts.citations);
  }

  section(doc, parts.oneSource ? 'Transcript' : 'Transcripts');
  for (const source of parts.transcripts) {
    if (!parts.oneSource)
      doc
        .moveDown(0.6)
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(printable(`V${source.number}: ${source.title}`));
    doc.font('Helvetica').fontSize(10).text(printable(source.transcript.trim()));
  }
  doc.end();
  return done;
}

/** A message as plain text whose citations are links to the moments they cite. */
function writeWithCitations(doc: PDFKit.PDFDocument, message: ExportedMessage, resolve: CitationResolver) {
  const runs = citationParts(printable(markdownToPlainText(message.content.trim())));
  runs.forEach(({ text, citation }, i) => {
    const link = citation ? citationLink(citation, resolve) : null;
    doc.fillColor(link ? '#1d4ed8' : '#000000').text(text, {
      continued: i < runs.length - 1,
      link: link?.href ?? null,
      underline: link !== null,
    });
  });
  doc.fillColor('#000000');
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
