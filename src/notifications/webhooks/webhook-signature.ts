import { createHmac, randomBytes } from 'node:crypto';

/** A new webhook's secret: 32 random bytes, hex (shown to the administrator once). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * `X-Timetable-Signature`: `sha256=` and the hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the
 * webhook's secret. The timestamp (`X-Timetable-Timestamp`, Unix seconds) is signed too, so a
 * receiver can refuse old replays.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
