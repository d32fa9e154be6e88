/** A UI message stream (server-sent events) read to its end: the text, the final metadata, every chunk. */
export interface ReadStream {
  text: string;
  chunks: { type: string; [key: string]: unknown }[];
  metadata: { totalTokens?: number; status?: string } | undefined;
}

export async function readUiStream(response: Response): Promise<ReadStream> {
  const body = await response.text();
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
