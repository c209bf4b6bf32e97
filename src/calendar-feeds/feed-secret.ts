import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: 43 characters, unguessable, safe in a URL path. */
export function newFeedSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored: the SHA-256 of the secret (a fast hash suffices for 256 random bits; a leaked table reveals no URL). */
export function feedSecretHash(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** A secret as `newFeedSecret` makes it; anything else cannot name a feed and is answered 404 without a query. */
export function isFeedSecret(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
