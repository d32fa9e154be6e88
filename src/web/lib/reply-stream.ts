import type { UIMessage } from 'ai';
import { isApiErrorBody } from '../../shared/errors';
import { ApiError } from './api-client';

/** A streamed or stored message's text. */
export function textOf(message: Pick<UIMessage, 'parts'>): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The transport reports a refused request with the response body as its message: read our error from it. */
export function replyError(error: Error): ApiError {
  try {
    const body: unknown = JSON.parse(error.message);
    if (isApiErrorBody(body)) return new ApiError(0, body.error.code, body.error.message);
  } catch {
    // not our JSON: a network failure
  }
  return new ApiError(0, 'network_error', 'An error occurred');
}
