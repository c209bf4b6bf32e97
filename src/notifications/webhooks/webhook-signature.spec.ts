import { createHmac } from 'node:crypto';
import { newWebhookSecret, webhookSignature } from './webhook-signature';

describe('webhook signatures', () => {
  it('sign the timestamp and the exact body with the secret, as a receiver recomputes them', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const body = JSON.stringify({ type: 'lesson.changed', data: { id: 1 } });
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(webhookSignature(secret, 1700000000, body)).toBe(`sha256=${expected}`);
  });

  it('change with the secret, the timestamp or one byte of the body', () => {
    const body = '{"a":1}';
    const signature = webhookSignature('s1', 1, body);
    expect(webhookSignature('s2', 1, body)).not.toBe(signature);
    expect(webhookSignature('s1', 2, body)).not.toBe(signature);
    expect(webhookSignature('s1', 1, '{"a":2}')).not.toBe(signature);
  });
});
