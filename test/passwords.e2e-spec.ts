import { Response } from 'supertest';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, signedInAs, unique } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/** The refresh cookie a login or password change set (`name=value`). */
function refreshCookie(response: Response): string {
  const cookie = ((response.headers['set-cookie'] ?? []) as unknown as string[]).find((value) => value.startsWith('service_refresh='));
  if (!cookie) throw new Error('no refresh cookie was set');
  return cookie.split(';')[0];
}

describe('passwords: self-service change and administrator reset', () => {
  let t: TestApp;
  let admin: TenantClient;
  let adminId: number;
  let math: DepartmentBody;

  const passwordHash = async (userId: number) =>
    (await t.sql<{ password_hash: string }>('alpha', `SELECT password_hash FROM users WHERE id = $1`, [userId]))[0].password_hash;
  const events = (userId: number) =>
    t.sql('alpha', `SELECT user_id, actor_id, kind, created_at FROM password_events WHERE user_id = $1 ORDER BY id`, [userId]);
  const liveRefreshTokens = async (userId: number) =>
    Number(
      (await t.sql<{ n: string }>('alpha', `SELECT count(*) AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [userId]))[0].n,
    );

  /** Logs in and returns the response (token and refresh cookie). */
  const login = (username: string, password: string) => t.as('alpha').post('/api/auth/login', { username, password });

  /** A new user with two live sessions. */
  async function userWithTwoSessions() {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: math.id });
    const first = await login(user.username, PASSWORD);
    const second = await login(user.username, PASSWORD);
    expect([first.status, second.status]).toEqual([200, 200]);
    return { user, client: t.as('alpha', first.body.token as string), first, second };
  }

  /** A refused request changed nothing: same hash, no audit row, sessions still live. */
  async function expectUnchanged(userId: number, hash: string, sessions: number) {
    expect(await passwordHash(userId)).toBe(hash);
    expect(await events(userId)).toEqual([]);
    expect(await liveRefreshTokens(userId)).toBe(sessions);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    const response = await login(ADMIN.username, ADMIN.password);
    admin = t.as('alpha', response.body.token as string);
    adminId = response.body.userId as number;
    math = await createDepartment(admin, { departmentName: 'Кафедра математики', departmentCode: 1 });
  });
  afterAll(() => t.close());

  describe('POST /api/auth/password', () => {
    it('changes the own password, ends every other session, keeps this one and audits it', async () => {
      const { user, client, second } = await userWithTwoSessions();
      const response = await client.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'brand-new-secret' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, token: expect.any(String), role: 'TEACHER', userId: user.id });
      expect(response.body.message).toMatch(/Пароль изменён/);

      // The old refresh cookie no longer works; the one the change set does.
      const stale = await t.as('alpha').post('/api/auth/refresh').set('Cookie', refreshCookie(second));
      expect(stale.status).toBe(401);
      const fresh = await t.as('alpha').post('/api/auth/refresh').set('Cookie', refreshCookie(response));
      expect(fresh.status).toBe(200);

      expect((await login(user.username, PASSWORD)).status).toBe(401);
      expect((await login(user.username, 'brand-new-secret')).status).toBe(200);

      const audit = await events(user.id);
      expect(audit).toEqual([{ user_id: user.id, actor_id: user.id, kind: 'CHANGE', created_at: expect.any(Date) }]);
      expect(Date.now() - (audit[0].created_at as Date).getTime()).toBeLessThan(60_000);
      // The audit never holds the password or its hash.
      const stored = JSON.stringify(await t.sql('alpha', `SELECT * FROM password_events`));
      expect(stored).not.toContain('brand-new-secret');
      expect(stored).not.toContain('argon2');
    });

    it('works for every role, the administrator included', async () => {
      const { user, client } = await signedInAs(t, admin, { role: 'STUDENT', departmentId: math.id });
      expect((await client.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'student-secret' })).status).toBe(200);
      expect((await login(user.username, 'student-secret')).status).toBe(200);

      const changed = await admin.post('/api/auth/password', { currentPassword: ADMIN.password, newPassword: 'admin-new-secret' });
      expect(changed.status).toBe(200);
      expect((await login(ADMIN.username, 'admin-new-secret')).status).toBe(200);
      const back = await t.as('alpha', changed.body.token as string).post('/api/auth/password', {
        currentPassword: 'admin-new-secret',
        newPassword: ADMIN.password,
      });
      expect(back.status).toBe(200);
      admin = t.as('alpha', back.body.token as string);
    });

    it.each([
      [{}, 'Поле «currentPassword» обязательно'],
      [{ currentPassword: PASSWORD }, 'Поле «newPassword» обязательно'],
      [{ currentPassword: PASSWORD, newPassword: 'short7!' }, 'Поле «newPassword» должно содержать не менее 8 символов'],
      [{ currentPassword: PASSWORD, newPassword: 'x'.repeat(129) }, 'Поле «newPassword» должно содержать не более 128 символов'],
      [{ currentPassword: PASSWORD, newPassword: 12345678 }, 'Поле «newPassword» должно быть строкой'],
      [{ currentPassword: 12345678, newPassword: 'long-enough' }, 'Поле «currentPassword» должно быть строкой'],
      [{ currentPassword: 'wrong-password', newPassword: 'long-enough' }, 'Текущий пароль указан неверно'],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 'Новый пароль должен отличаться от текущего'],
    ])('refuses %j with 400 in Russian and changes nothing', async (body, message) => {
      const { user, client } = await userWithTwoSessions();
      const hash = await passwordHash(user.id);
      const response = await client.post('/api/auth/password', body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/auth/password', new RegExp(message.replace(/[()]/g, '\\$&')));
      await expectUnchanged(user.id, hash, 2);
    });

    it('keeps the password rule of user creation: 8 characters pass, 7 are refused by both', async () => {
      const { client } = await userWithTwoSessions();
      expect((await client.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: '12345678' })).status).toBe(200);
      const created = await admin.post('/api/users', {
        username: unique('seven'),
        password: '1234567',
        role: 'TEACHER',
        fullName: 'Семь Символов',
        departmentId: math.id,
      });
      expect(created.status).toBe(400);
      expect(created.body.message).toMatch(/не менее 8 символов/);
    });

    it('needs a bearer token', async () => {
      const response = await t.as('alpha').post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'long-enough' });
      expect(response.status).toBe(401);
    });

    it('throttles guesses of the current password: 5 wrong, then 429 even for the right one', async () => {
      const { user, client } = await userWithTwoSessions();
      const hash = await passwordHash(user.id);
      const wrong = await Promise.all(
        Array.from({ length: 8 }, () => client.post('/api/auth/password', { currentPassword: 'guess-guess', newPassword: 'long-enough' })),
      );
      expect(wrong.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      const right = await client.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'long-enough' });
      expect(right.status).toBe(429);
      expect(right.headers['retry-after']).toMatch(/^\d+$/);
      expectErrorBody(right.body, 429, '/api/auth/password', /Слишком много неудачных попыток смены пароля/);
      await expectUnchanged(user.id, hash, 2);
    });

    it('lets exactly one of two parallel changes with the same current password win', async () => {
      const { user, client } = await userWithTwoSessions();
      const [a, b] = await Promise.all([
        client.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'parallel-one' }),
        client.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'parallel-two' }),
      ]);
      const statuses = [a.status, b.status].sort();
      // The loser either saw the winner's hash already (wrong current password) or lost the compare-and-set.
      expect(statuses[0]).toBe(200);
      expect([400, 409]).toContain(statuses[1]);
      expect(await events(user.id)).toHaveLength(1);
      const winner = a.status === 200 ? 'parallel-one' : 'parallel-two';
      expect((await login(user.username, winner)).status).toBe(200);
    });
  });

  describe('POST /api/users/{id}/password', () => {
    it('lets an administrator set a new password: sessions end, the reset is audited', async () => {
      const { user, first, second } = await userWithTwoSessions();
      const response = await admin.post(`/api/users/${user.id}/password`, { newPassword: 'reset-by-admin' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: user.id, username: user.username, status: 'ACTIVE' });
      expect(await liveRefreshTokens(user.id)).toBe(0);
      for (const session of [first, second]) {
        expect((await t.as('alpha').post('/api/auth/refresh').set('Cookie', refreshCookie(session))).status).toBe(401);
      }
      expect((await login(user.username, PASSWORD)).status).toBe(401);
      expect((await login(user.username, 'reset-by-admin')).status).toBe(200);
      expect(await events(user.id)).toEqual([{ user_id: user.id, actor_id: adminId, kind: 'RESET', created_at: expect.any(Date) }]);
    });

    it('sets the password of an archived user too (they can sign in once restored)', async () => {
      const user = await createUser(admin, { role: 'TEACHER', departmentId: math.id });
      expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
      expect((await admin.post(`/api/users/${user.id}/password`, { newPassword: 'while-archived' })).status).toBe(200);
      expect((await login(user.username, 'while-archived')).status).toBe(401);
      expect((await admin.post(`/api/users/${user.id}/restore`)).status).toBe(200);
      expect((await login(user.username, 'while-archived')).status).toBe(200);
    });

    it.each([
      [{}, 400, 'Поле «newPassword» обязательно'],
      [{ newPassword: 'short' }, 400, 'Поле «newPassword» должно содержать не менее 8 символов'],
      [{ newPassword: ['long-enough'] }, 400, 'Поле «newPassword» должно быть строкой'],
    ])('refuses %j with %i and changes nothing', async (body, status, message) => {
      const { user } = await userWithTwoSessions();
      const hash = await passwordHash(user.id);
      const response = await admin.post(`/api/users/${user.id}/password`, body);
      expect(response.status).toBe(status);
      expectErrorBody(response.body, status, `/api/users/${user.id}/password`, new RegExp(message));
      await expectUnchanged(user.id, hash, 2);
    });

    it('answers 404 for an unknown user and 400 for a bad id', async () => {
      const missing = await admin.post('/api/users/999999/password', { newPassword: 'long-enough' });
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, '/api/users/999999/password', 'Пользователь не найден');
      expect((await admin.post('/api/users/abc/password', { newPassword: 'long-enough' })).status).toBe(400);
    });

    it('refuses the administrator’s own password without the current one', async () => {
      const [hash, before] = [await passwordHash(adminId), await events(adminId)];
      const response = await admin.post(`/api/users/${adminId}/password`, { newPassword: 'no-current-given' });
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, `/api/users/${adminId}/password`, /POST \/api\/auth\/password/);
      expect(await passwordHash(adminId)).toBe(hash);
      expect(await events(adminId)).toEqual(before);
    });

    it('is for administrators only', async () => {
      const { user } = await userWithTwoSessions();
      const hash = await passwordHash(user.id);
      for (const role of ['EDUCATION_OFFICE', 'DEPARTMENT', 'TEACHER'] as const) {
        const { client } = await signedInAs(t, admin, { role, departmentId: math.id });
        const response = await client.post(`/api/users/${user.id}/password`, { newPassword: 'not-allowed-1' });
        expect(response.status).toBe(403);
      }
      await expectUnchanged(user.id, hash, 2);
    });
  });
});
