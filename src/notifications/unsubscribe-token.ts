import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an unsubscribe link: the subscription id and an HMAC-SHA256 of it bound to the tenant
 * database, keyed with the service's JWT secret. It needs no login, names nothing but an id, and
 * cannot be forged for another subscription or another university.
 */
function signature(secret: string, databaseId: string, subscriptionId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:${databaseId}:${subscriptionId}`).digest('base64url');
}

export function unsubscribeToken(secret: string, databaseId: string, subscriptionId: number): string {
  return `${subscriptionId}.${signature(secret, databaseId, subscriptionId)}`;
}

/** The subscription id a token names, or undefined when the token is not one of ours. */
export function subscriptionOfToken(secret: string, databaseId: string, token: string): number | undefined {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(secret, databaseId, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/**
 * The token of an own-lessons message's link (issue 45 §3: no subscription behind it): the user id
 * after `own`, signed apart from subscription ids, so neither can stand for the other.
 */
function ownSignature(secret: string, databaseId: string, userId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe-own-lessons:${databaseId}:${userId}`).digest('base64url');
}

export function ownLessonsToken(secret: string, databaseId: string, userId: number): string {
  return `own${userId}.${ownSignature(secret, databaseId, userId)}`;
}

/** The user an own-lessons token names, or undefined when the token is not such a token of ours. */
export function userOfOwnLessonsToken(secret: string, databaseId: string, token: string): number | undefined {
  const match = /^own(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(ownSignature(secret, databaseId, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}
