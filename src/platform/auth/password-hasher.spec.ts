import { loadConfig } from '../../config/app-config';
import { PasswordHasher } from './password-hasher';

const BASE = { DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused', JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-signing' };

describe('password hashes', () => {
  it('are argon2id in the OWASP minimum profile by default, with or without the configuration', async () => {
    for (const hasher of [new PasswordHasher(), new PasswordHasher(loadConfig(BASE))]) {
      expect(await hasher.hash('correct-horse-1')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    }
  });

  it('take the configured memory, and a hash made with another setting still verifies', async () => {
    const light = new PasswordHasher(loadConfig({ ...BASE, PASSWORD_HASH_MEMORY_KIB: '1024' }));
    const standard = new PasswordHasher();
    await Promise.all([light.onModuleInit(), standard.onModuleInit()]);
    const lightHash = await light.hash('correct-horse-1');
    expect(lightHash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=2\$/);
    expect(await standard.verify(lightHash, 'correct-horse-1')).toBe(true);
    expect(await light.verify(await standard.hash('correct-horse-1'), 'correct-horse-1')).toBe(true);
    expect(await light.verify(lightHash, 'wrong')).toBe(false);
    expect(await light.verify(undefined, 'correct-horse-1')).toBe(false);
  });
});
