import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The message's header lines as sent (unfolded), before any decoding. */
  headers: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. While `refusing` is set it answers every
 * recipient with a temporary failure (451), as a mail server that is down for a while does. With
 * `holding`, it answers no message's data (a sender stuck, or dead, mid-send): `holdingOne` resolves
 * once a sender is kept waiting, and `failHeld` answers the held messages with a temporary failure.
 */
export async function startSmtpServer({ holding = false } = {}) {
  const received: ReceivedMail[] = [];
  const arrivals = new Set<() => void>();
  const state = { refusing: false };
  let heldOne: () => void = () => {};
  const holdingOne = new Promise<void>((resolve) => {
    heldOne = resolve;
  });
  const held: (() => Promise<void>)[] = [];
  const tryAgainLater = () => Object.assign(new Error('Try again later'), { responseCode: 451 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(tryAgainLater());
    },
    onData(stream, session, callback) {
      if (holding) {
        const ended = new Promise((resolve) => stream.on('end', resolve));
        stream.resume();
        held.push(async () => {
          await ended;
          callback(tryAgainLater());
        });
        heldOne();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '',
          text: decodeQuotedPrintable(raw),
          headers: raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '),
        });
        for (const arrived of arrivals) arrived();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  /**
   * The first mail to `to` whose text contains `words`, once it arrives: the server may send it a moment
   * after the request that caused it has been answered.
   */
  function mailTo(to: string, words: string): Promise<ReceivedMail> {
    const find = () => received.find((m) => m.to.includes(to) && m.text.includes(words));
    return new Promise((resolve) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        arrivals.delete(check);
        resolve(mail);
      };
      arrivals.add(check);
      check();
    });
  }

  return {
    received,
    mailTo,
    port,
    holdingOne,
    failHeld: () => Promise.all(held.splice(0).map((answer) => answer())),
    refuse: (refusing: boolean) => {
      state.refusing = refusing;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
