import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Conditional GET (RFC 9110): an answer carries an ETag derived from what it was made of (the data
 * version and the request), and a client that already holds that version gets `304 Not Modified`.
 * `private, no-cache`: a shared cache never stores one user's answer, and every use revalidates.
 */
export const REVALIDATE_PRIVATELY = 'private, no-cache';

/** A strong ETag naming `parts` (ids, stamps, normalised request parameters). */
export function etagOf(...parts: readonly (string | number)[]): string {
  return `"${createHash('sha256').update(parts.join('\u001f')).digest('base64url').slice(0, 32)}"`;
}

/** Whether the request's `If-None-Match` names `etag` (or `*`); weak and strong forms compare alike. */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Sets the caching headers of an answer with `etag`; when the client's copy is current, also the
 * status 304 and true: the caller then sends no body.
 */
export function answerConditionally(request: Request, response: Response, etag: string): boolean {
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', REVALIDATE_PRIVATELY);
  if (!matchesIfNoneMatch(request, etag)) return false;
  response.status(304);
  return true;
}
