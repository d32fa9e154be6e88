import { inflateSync } from 'node:zlib';

/** WinAnsi differs from Latin-1 in 0x80–0x9F: the punctuation pdfkit's standard fonts print there. */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
};

const decodeWinAnsi = (hex: string) =>
  [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');

/**
 * The text a PDF shows, read without a PDF library: inflates each Flate stream and decodes the hex
 * strings of its TJ operators (how pdfkit writes text in the standard fonts). Enough to assert that
 * an export contains given words; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (const match of source.matchAll(streams)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a Flate stream (fonts, images)
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hexParts = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!);
      lines.push(hexParts.map(decodeWinAnsi).join(''));
    }
  }
  return lines.join('\n');
}
