/** A UI message stream (server-sent events) read to its end: the text, the final metadata, every chunk. */
export interface ReadStream {
  text: string;
  chunks: { type: string; [key: string]: unknown }[];
  metadata: { totalTokens?: number; status?: string } | undefined;
}

export async function readUiStream(response: Response): Promise<ReadStream> {
  return parseUiStream(await response.text());
}

/** A UI message stream's body, already read, as its text, final metadata and chunks. */
export function parseUiStream(body: string): ReadStream {
  const chunks = body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as ReadStream['chunks'][number]);
  const text = chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta as string)
    .join('');
  const finish = chunks.find((c) => c.type === 'finish');
  return { text, chunks, metadata: finish?.messageMetadata as ReadStream['metadata'] };
}

/** Reads a streaming response until `predicate` holds for the text so far, then lets the caller abort. */
export async function readUntil(response: Response, predicate: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let raw = '';
  let text = '';
  while (!predicate(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    raw += decoder.decode(value, { stream: true });
    text = raw
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)))
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.delta)
      .join('');
  }
  reader.releaseLock();
  return text;
}

/** The first event of an endless event stream (read up to its blank line), then the stream is closed. */
export async function readFirstEvent(response: Response): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let raw = '';
  while (!raw.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    raw += value;
  }
  await reader.cancel();
  return raw;
}

/** Whether a body is a UI message stream (an answer), as its content type says. */
export const isUiStream = (response: Response) =>
  response.headers.get('x-vercel-ai-ui-message-stream') === 'v1';

/** The rest of a UI message stream that `readUntil` began, read to its end. */
export async function readRest(response: Response): Promise<ReadStream> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let body = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) body += read.value;
  return parseUiStream(body);
}
