import { ownLessonsToken, subscriptionOfToken, unsubscribeToken, userOfOwnLessonsToken } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-that-is-long-enough-for-the-test';

  it('names its subscription and is accepted only with the same secret and database', () => {
    const token = unsubscribeToken(secret, 'db-1', 42);
    expect(token).toMatch(/^42\.[\w-]{43}$/);
    expect(subscriptionOfToken(secret, 'db-1', token)).toBe(42);
    expect(subscriptionOfToken(secret, 'db-2', token)).toBeUndefined();
    expect(subscriptionOfToken(`${secret}!`, 'db-1', token)).toBeUndefined();
  });

  it('cannot be turned into another subscription’s token', () => {
    const token = unsubscribeToken(secret, 'db-1', 42);
    expect(subscriptionOfToken(secret, 'db-1', token.replace(/^42/, '43'))).toBeUndefined();
    expect(subscriptionOfToken(secret, 'db-1', 'garbage')).toBeUndefined();
    expect(subscriptionOfToken(secret, 'db-1', '')).toBeUndefined();
  });

  it('of own lessons names its user, and is no subscription’s token (nor the other way round)', () => {
    const token = ownLessonsToken(secret, 'db-1', 42);
    expect(token).toMatch(/^own42\.[\w-]{43}$/);
    expect(userOfOwnLessonsToken(secret, 'db-1', token)).toBe(42);
    expect(userOfOwnLessonsToken(secret, 'db-2', token)).toBeUndefined();
    expect(userOfOwnLessonsToken(secret, 'db-1', token.replace(/^own42/, 'own43'))).toBeUndefined();
    expect(subscriptionOfToken(secret, 'db-1', token.replace(/^own/, ''))).toBeUndefined();
    expect(userOfOwnLessonsToken(secret, 'db-1', `own${unsubscribeToken(secret, 'db-1', 42)}`)).toBeUndefined();
  });
});
