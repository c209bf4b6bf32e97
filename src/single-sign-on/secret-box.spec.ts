import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a-jwt-secret-that-is-long-enough-for-the-service');

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('client-secret-42');
    expect(sealed).not.toContain('client-secret-42');
    expect(box.open(sealed)).toBe('client-secret-42');
    expect(box.seal('client-secret-42')).not.toBe(sealed);
  });

  it('refuses a secret sealed under another key or altered', () => {
    const sealed = box.seal('client-secret-42');
    expect(new SecretBox('another-jwt-secret-that-is-long-enough-too').open(sealed)).toBeUndefined();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(box.open(parts.join('.'))).toBeUndefined();
    expect(box.open('garbage')).toBeUndefined();
  });
});
