import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { piecesOf, RelayedReply } from './live-reply.remote';

/** A NOTIFY payload is at most 8,000 bytes; a relayed piece goes with its relay id and sequence. */
const payloadBytes = (piece: string) => Buffer.byteLength(`${crypto.randomUUID()} 123456 ${piece}`);

/** A relayed reply fed pieces by hand: its parts as a follower reads them, and whether it ended. */
function follower() {
  let relayed!: RelayedReply;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      relayed = new RelayedReply(
        controller,
        async () => null,
        () => {},
      );
    },
  });
  const parts = (async () => {
    const read: UIMessageChunk[] = [];
    for (const reader = stream.getReader(); ; ) {
      const next = await reader.read();
      if (next.done) return read;
      read.push(next.value);
    }
  })();
  return { relayed, parts };
}

describe('a relayed piece', () => {
  it('fits a NOTIFY payload whatever the text, and never splits a character', () => {
    const text = `${'é'.repeat(1_999)}😀${'字'.repeat(4_000)}${'"\\'.repeat(3_000)}`;
    const pieces = piecesOf(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(payloadBytes(piece)).toBeLessThan(8_000);
      expect(piece).toBe(Buffer.from(piece, 'utf8').toString('utf8'));
    }
  });
});

describe('a reply relayed from another process', () => {
  it('puts pieces heard out of order back in order, and ends once it holds all of them', async () => {
    const answer = 'Referrals first. '.repeat(400);
    const sent: UIMessageChunk[] = [
      { type: 'start', messageId: 'm1' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: answer },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ];
    const pieces = sent.flatMap((part) => piecesOf(`${JSON.stringify(part)}\n`));
    expect(pieces.length).toBeGreaterThan(sent.length);
    const { relayed, parts } = follower();
    // The end is heard first, then the pieces, last to first.
    relayed.ended(pieces.length);
    for (const [sequence, piece] of [...pieces.entries()].reverse()) relayed.piece(sequence, piece);
    expect(await parts).toEqual(sent);
  });

  it('waits for a missing piece before it ends', async () => {
    const sent: UIMessageChunk[] = [
      { type: 'text-delta', id: 't', delta: 'one ' },
      { type: 'text-delta', id: 't', delta: 'two ' },
    ];
    const pieces = sent.map((part) => `${JSON.stringify(part)}\n`);
    const { relayed, parts } = follower();
    relayed.piece(1, pieces[1]!);
    relayed.ended(2);
    // Had it ended without it, neither part would be read.
    relayed.piece(0, pieces[0]!);
    expect(await parts).toEqual(sent);
  });
});
