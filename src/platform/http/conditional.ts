import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Conditional GET (RFC 9110): an answer carries an ETag derived from what it was made of (the data
 * version and the request), and a client that already holds that version gets `304 Not Modified`.
 * `private, no-cache`: a shared cache never stores one user's answer, and every use revalidates.
 */
export const REVALIDATE_PRIVATELY = 'private, no-cache';

/** ETags made lately, by their parts: the same week of the same data is asked for again and again. */
const recentEtags = new Map<string, string>();
const RECENT_ETAGS_LIMIT = 10_000;

/** A strong ETag naming `parts` (ids, stamps, normalised request parameters). */
export function etagOf(...parts: readonly (string | number)[]): string {
  const joined = parts.join('\u001f');
  let etag = recentEtags.get(joined);
  if (etag === undefined) {
    etag = `"${createHash('sha256').update(joined).digest('base64url').slice(0, 32)}"`;
    if (recentEtags.size >= RECENT_ETAGS_LIMIT) recentEtags.clear(); // bounded: stamps move on, old parts are never asked again
    recentEtags.set(joined, etag);
  }
  return etag;
}

/**
 * Whether the request's `If-None-Match` names `etag`; weak and strong forms compare alike. `*` is not
 * honoured: whether a current answer exists is known only once it is made (the request may be refused
 * by the data), and a full answer is always a correct reply to it.
 */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === etag) return true; // what a client holding the current answer sends, without a list to split
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === etag || tag === `W/${etag}`;
  });
}

/** The caching headers of an answer made from the version `etag` names (never of a refusal). */
export function setCacheHeaders(response: Response, etag: string): void {
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', REVALIDATE_PRIVATELY);
}

/**
 * When the client's copy is current: the caching headers, the status 304 and true (the caller then
 * sends no body). Otherwise false and no header, so a refusal while producing the answer carries no
 * ETag a client could keep; the caller sets them once its answer is made.
 */
export function answerConditionally(request: Request, response: Response, etag: string): boolean {
  if (!matchesIfNoneMatch(request, etag)) return false;
  setCacheHeaders(response, etag);
  response.status(304);
  return true;
}

/**
 * Writes an answer made beforehand (cached bytes) as it is: no second serialisation, and no stream
 * either, which Nest's StreamableFile would pipe a body already in memory through. For handlers that
 * take `@Res()` and answer themselves.
 */
export function sendBytes(response: Response, bytes: Buffer, contentType: string): void {
  response.setHeader('Content-Type', contentType);
  response.setHeader('Content-Length', bytes.length);
  response.end(bytes);
}

/** `sendBytes` for JSON serialised beforehand. */
export function sendJsonBytes(response: Response, bytes: Buffer): void {
  sendBytes(response, bytes, 'application/json; charset=utf-8');
}

/** The answer of a handler that answers itself when `answerConditionally` said 304. */
export function sendNotModified(response: Response): void {
  response.end();
}
