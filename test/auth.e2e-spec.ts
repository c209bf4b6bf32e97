import { JwtService } from '@nestjs/jwt';
import { createHash } from 'node:crypto';
import { OWASP_HASH_MEMORY_KIB } from '../src/config/app-config';
import { PasswordHasher } from '../src/platform/auth/password-hasher';
import { ROLES } from '../src/platform/auth/roles';
import { ADMIN, startTestApp, TEST_ENV, TestApp } from './support/test-app';

const PASSWORD = 'correct-horse-1';
const hasher = new PasswordHasher();

/** Inserts a user straight into the tenant database (the users API has its own tests). */
async function insertUser(t: TestApp, username: string, role: string, options: { departmentId?: number; archived?: boolean } = {}) {
  const [row] = await t.sql<{ id: number }>(
    'alpha',
    `INSERT INTO users (username, password_hash, role, full_name, job_title, status, archived_at)
     VALUES ($1, $2, $3, $4, '', $5, $6) RETURNING id`,
    [username, await hasher.hash(PASSWORD), role, `Пользователь ${username}`, options.archived ? 'ARCHIVED' : 'ACTIVE', options.archived ? new Date() : null],
  );
  if (options.departmentId) {
    await t.sql(
      'alpha',
      `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from) VALUES ($1, $2, true, current_date - 30)`,
      [row.id, options.departmentId],
    );
  }
  return row.id;
}

function refreshCookie(response: { headers: Record<string, unknown> }): string {
  const cookies = (response.headers['set-cookie'] ?? []) as string[];
  const cookie = cookies.find((value) => value.startsWith('service_refresh='));
  if (!cookie) throw new Error('no refresh cookie was set');
  return cookie.split(';')[0];
}

describe('authentication', () => {
  let t: TestApp;
  let departmentId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await hasher.onModuleInit();
    // The production hash cost: the timing test of unknown users needs a check that costs something.
    t = await startTestApp({ tenants: ['alpha', 'beta'], env: { PASSWORD_HASH_MEMORY_KIB: String(OWASP_HASH_MEMORY_KIB) } });
    [{ id: departmentId }] = await t.sql<{ id: number }>('alpha', `INSERT INTO departments (name, code) VALUES ('Кафедра информатики', 101) RETURNING id`);
    for (const role of ROLES) {
      ids[role] = await insertUser(t, `user_${role.toLowerCase()}`, role, { departmentId: role === 'ADMIN' ? undefined : departmentId });
    }
    ids.archived = await insertUser(t, 'archived_teacher', 'TEACHER', { archived: true });
  });
  afterAll(() => t.close());

  describe('login', () => {
    it.each([
      ['ADMIN', '/admin/'],
      ['EDUCATION_OFFICE', '/admin/#schedule-view'],
      ['DEPARTMENT', '/admin/#department-workspace'],
      ['SCHEDULE_VIEWER', '/admin/#schedule-view'],
      ['TEACHER', '/teacher/'],
      ['STUDENT', '/student/'],
    ])('answers %s with its redirect, ids and a refresh cookie', async (role, redirect) => {
      const response = await t.as('alpha').post('/api/auth/login', { username: `USER_${role}`, password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: expect.any(String),
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        role,
        redirect,
        departmentId: role === 'ADMIN' ? null : departmentId,
        userId: ids[role],
      });
      const cookie = ((response.headers['set-cookie'] ?? []) as unknown as string[]).find((value) => value.startsWith('service_refresh='));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      expect(cookie).not.toMatch(/Secure/);
    });

    it('puts user id, role, department and tenant into an HS256 access token', async () => {
      const response = await t.as('alpha').post('/api/auth/login', { username: 'user_department', password: PASSWORD });
      const [header, payload] = (response.body.token as string).split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header.alg).toBe('HS256');
      expect(payload).toMatchObject({ sub: String(ids.DEPARTMENT), role: 'DEPARTMENT', departmentId, tenant: 'alpha' });
      expect(payload.exp - payload.iat).toBe(15 * 60);
    });

    it('answers unknown user, wrong password and archived account with the identical 401', async () => {
      const attempts = [
        { username: 'nobody-at-all', password: PASSWORD },
        { username: 'user_teacher', password: 'wrong-password' },
        { username: 'archived_teacher', password: PASSWORD },
      ];
      const bodies = [];
      for (const attempt of attempts) {
        const response = await t.as('alpha').post('/api/auth/login', attempt);
        expect(response.status).toBe(401);
        expect(response.headers['set-cookie']).toBeUndefined();
        bodies.push(response.body);
      }
      const expected = {
        success: false,
        message: 'Неверное имя пользователя или пароль',
        token: null,
        role: null,
        redirect: null,
        departmentId: null,
        userId: null,
      };
      expect(bodies).toEqual([expected, expected, expected]);
    });

    it('spends a password check on unknown users too, so timing does not reveal them', async () => {
      const passwordChecks = jest.spyOn(t.app.get(PasswordHasher, { strict: false }), 'verify');
      const attempt = async (username: string, i: number) => {
        const started = process.hrtime.bigint();
        await t.as('alpha').post('/api/auth/login', { username, password: `wrong-${i}` });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      // Known and unknown attempts alternate, so a busy machine slows both alike; medians of five.
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await attempt('user_student', i));
        unknown.push(await attempt('no-such-user-timing', i));
      }
      const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[2];
      expect(passwordChecks).toHaveBeenCalledTimes(10); // one password check per attempt, known user or not
      passwordChecks.mockRestore();
      // One argon2id check costs tens of milliseconds; skipping it would make unknown users far faster.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
      await t.sql('alpha', `DELETE FROM login_throttle`);
    });

    it('returns me from the token, with departmentId null when there is none, and the university’s time zone', async () => {
      const admin = await t.as('alpha').login('user_admin', PASSWORD);
      expect((await admin.get('/api/auth/me')).body).toEqual({
        userId: ids.ADMIN,
        username: 'user_admin',
        role: 'ADMIN',
        departmentId: null,
        timeZone: 'Europe/Moscow',
        operator: true,
      });
      const teacher = await t.as('alpha').login('user_teacher', PASSWORD);
      expect((await teacher.get('/api/auth/me')).body).toEqual({
        userId: ids.TEACHER,
        username: 'user_teacher',
        role: 'TEACHER',
        departmentId,
        timeZone: 'Europe/Moscow',
        operator: false,
      });
    });
  });

  describe('bearer tokens (the passport-jwt strategy)', () => {
    const sign = (claims: object, secret = TEST_ENV.JWT_SECRET, algorithm: 'HS256' | 'HS512' = 'HS256') =>
      new JwtService({ secret }).sign(claims, { algorithm });

    it('admits a token signed with the secret whose claims fit the host, and refuses every other with the same 401 body', async () => {
      const admin = await t.as('alpha').login('user_admin', PASSWORD);
      const claims = JSON.parse(Buffer.from((admin.token as string).split('.')[1], 'base64url').toString()) as Record<string, unknown>;
      const exp = Math.floor(Date.now() / 1000) + 600;
      const base = { sub: claims.sub, username: claims.username, role: claims.role, departmentId: null, tenant: claims.tenant, tenantDb: claims.tenantDb };
      // A token made here with the same secret (never seen by the service) is verified by passport-jwt and admitted.
      const forged = sign({ ...base, exp });
      expect((await t.as('alpha', forged).get('/api/auth/me')).body).toMatchObject({ userId: ids.ADMIN, role: 'ADMIN' });
      // Asked again (now remembered), the same token is still checked against the host.
      expect((await t.as('beta', forged).get('/api/auth/me')).status).toBe(401);

      const [header, , signature] = forged.split('.');
      const refused: Record<string, string | undefined> = {
        'no token': undefined,
        'another scheme': `Basic ${forged}`,
        expired: sign({ ...base, exp: Math.floor(Date.now() / 1000) - 1 }),
        'not yet valid': sign({ ...base, exp, nbf: exp - 60 }),
        'another secret': sign({ ...base, exp }, 'another-secret-that-is-long-enough-for-hs256-x'),
        'another algorithm': sign({ ...base, exp }, TEST_ENV.JWT_SECRET, 'HS512'),
        unsigned: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...base, exp })).toString('base64url')}.`,
        'altered claims': `${header}.${Buffer.from(JSON.stringify({ ...base, role: 'ADMIN', sub: String(ids.STUDENT), exp })).toString('base64url')}.${signature}`,
        'another tenant': sign({ ...base, tenant: 'beta', exp }),
        'another database': sign({ ...base, tenantDb: 'some-other-database', exp }),
        'no database': sign({ ...base, tenantDb: undefined, exp }),
        'a user id that is no number': sign({ ...base, sub: 'admin', exp }),
        'an unknown role': sign({ ...base, role: 'ROOT', exp }),
      };
      for (const [why, token] of Object.entries(refused)) {
        const request = t.as('alpha').get('/api/auth/me');
        const response = await (token === undefined ? request : request.set('Authorization', why === 'another scheme' ? token : `Bearer ${token}`));
        expect({ why, status: response.status, body: response.body }).toEqual({
          why,
          status: 401,
          body: { timestamp: expect.any(String), status: 401, error: 'Требуется аутентификация', message: 'Требуется действительный токен доступа', path: '/api/auth/me' },
        });
      }
    });
  });

  describe('throttle', () => {
    afterEach(() => t.sql('alpha', `DELETE FROM login_throttle`));

    async function fail(username: string, times: number) {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        statuses.push((await t.as('alpha').post('/api/auth/login', { username, password: 'wrong-password' })).status);
      }
      return statuses;
    }

    it('blocks after five failures with 429, Retry-After and the failure shape, without checking the password', async () => {
      expect(await fail('user_teacher', 5)).toEqual([401, 401, 401, 401, 401]);
      const blocked = await t.as('alpha').post('/api/auth/login', { username: ' User_Teacher ', password: PASSWORD });
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(59);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(blocked.body).toMatchObject({ success: false, token: null, role: null, redirect: null, departmentId: null, userId: null });
      expect(blocked.body.message).toMatch(/[а-я]/i);
      // Another user from the same address is not affected.
      expect((await t.as('alpha').post('/api/auth/login', { username: 'user_student', password: PASSWORD })).status).toBe(200);
    });

    it('blocks again at once for twice as long after a block ends', async () => {
      await fail('user_teacher', 5);
      await t.sql('alpha', `UPDATE login_throttle SET blocked_until = now() - interval '1 second'`);
      expect(await fail('user_teacher', 1)).toEqual([401]);
      const blocked = await t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(119);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(120);
    });

    it('resets the counter on success', async () => {
      await fail('user_teacher', 4);
      expect((await t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: PASSWORD })).status).toBe(200);
      expect(await fail('user_teacher', 4)).toEqual([401, 401, 401, 401]);
      expect((await t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: PASSWORD })).status).toBe(200);
    });

    it('counts parallel failures without losing any', async () => {
      await Promise.all(Array.from({ length: 5 }, () => t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: 'nope-nope' })));
      expect((await t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: PASSWORD })).status).toBe(429);
    });

    it('gives at most five parallel attempts a password check, even when the right password comes last in the burst', async () => {
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: i === 29 ? PASSWORD : 'nope-nope' })),
      );
      const count = (status: number) => burst.filter((response) => response.status === status).length;
      // 401 and 200 are answers after a password check; 429 is refused before one.
      expect(count(401) + count(200)).toBeLessThanOrEqual(5);
      expect(count(429)).toBe(30 - count(401) - count(200));
      if (count(200) === 0) {
        expect((await t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: PASSWORD })).status).toBe(429);
      }

      await t.sql('alpha', `DELETE FROM login_throttle`);
      const wrong = await Promise.all(Array.from({ length: 50 }, () => t.as('alpha').post('/api/auth/login', { username: 'user_teacher', password: 'nope-nope' })));
      expect(wrong.filter((response) => response.status === 401)).toHaveLength(5);
      expect(wrong.filter((response) => response.status === 429)).toHaveLength(45);
    });

    it('keeps its state in the tenant database, where every instance sees it', async () => {
      await fail('user_teacher', 5);
      const rows = await t.sql<{ failures: number }>('alpha', `SELECT failures FROM login_throttle`);
      expect(rows).toEqual([{ failures: 5 }]);
    });
  });

  describe('refresh and logout', () => {
    it('rotates the refresh token and stores only its hash', async () => {
      const login = await t.as('alpha').post('/api/auth/login', { username: 'user_student', password: PASSWORD });
      const first = refreshCookie(login);
      const stored = await t.sql<{ token_hash: string }>('alpha', `SELECT token_hash FROM refresh_tokens WHERE user_id = $1`, [ids.STUDENT]);
      const raw = first.split('=')[1];
      expect(stored.map((row) => row.token_hash)).toContain(createHash('sha256').update(raw).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(raw);

      const refreshed = await t.as('alpha').post('/api/auth/refresh').set('Cookie', first);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ success: true, role: 'STUDENT', redirect: '/student/', userId: ids.STUDENT, departmentId });
      const second = refreshCookie(refreshed);
      expect(second).not.toBe(first);
      expect((await t.as('alpha', refreshed.body.token).get('/api/auth/me')).status).toBe(200);

      const reused = await t.as('alpha').post('/api/auth/refresh').set('Cookie', first);
      expect(reused.status).toBe(401);
      expect(reused.body).toMatchObject({ success: false, token: null });
      expect(((reused.headers['set-cookie'] ?? []) as unknown as string[]).join()).toMatch(/service_refresh=;.*Expires=Thu, 01 Jan 1970/);

      expect((await t.as('alpha').post('/api/auth/refresh').set('Cookie', second)).status).toBe(200);
    });

    it('lets exactly one of two parallel refreshes with the same cookie win', async () => {
      const login = await t.as('alpha').post('/api/auth/login', { username: 'user_student', password: PASSWORD });
      const cookie = refreshCookie(login);
      for (let round = 0; round < 3; round++) {
        const current = round === 0 ? cookie : refreshCookie(await t.as('alpha').post('/api/auth/login', { username: 'user_student', password: PASSWORD }));
        const results = await Promise.all([1, 2, 3].map(() => t.as('alpha').post('/api/auth/refresh').set('Cookie', current)));
        expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
      }
    });

    it('answers refresh without a cookie with 401', async () => {
      const response = await t.as('alpha').post('/api/auth/refresh');
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    });

    it('revokes the refresh token on logout and clears the cookie', async () => {
      const login = await t.as('alpha').post('/api/auth/login', { username: 'user_student', password: PASSWORD });
      const cookie = refreshCookie(login);
      const logout = await t.as('alpha').post('/api/auth/logout').set('Cookie', cookie);
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ success: true, message: expect.stringMatching(/[а-я]/i) });
      expect(((logout.headers['set-cookie'] ?? []) as unknown as string[]).join()).toMatch(/service_refresh=;/);
      expect((await t.as('alpha').post('/api/auth/refresh').set('Cookie', cookie)).status).toBe(401);
    });

    it('refuses refresh for a user archived after login', async () => {
      const id = await insertUser(t, 'soon_archived', 'TEACHER');
      const login = await t.as('alpha').post('/api/auth/login', { username: 'soon_archived', password: PASSWORD });
      await t.sql('alpha', `UPDATE users SET status = 'ARCHIVED', archived_at = now() WHERE id = $1`, [id]);
      expect((await t.as('alpha').post('/api/auth/refresh').set('Cookie', refreshCookie(login))).status).toBe(401);
    });
  });
});

describe('authentication behind an HTTPS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { TRUST_PROXY: '1', ACCESS_TOKEN_TTL_SECONDS: '600' } });
  });
  afterAll(() => t.close());

  it('marks the refresh cookie Secure when the request came over HTTPS', async () => {
    const response = await t.as('alpha').post('/api/auth/login').set('X-Forwarded-Proto', 'https').send(ADMIN);
    expect(response.status).toBe(200);
    expect(((response.headers['set-cookie'] ?? []) as unknown as string[]).join()).toMatch(/; Secure/);
  });

  it('honours the configured access-token lifetime', async () => {
    const response = await t.as('alpha').post('/api/auth/login', ADMIN);
    const payload = JSON.parse(Buffer.from((response.body.token as string).split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(600);
  });

  it('throttles per client address taken from X-Forwarded-For', async () => {
    for (let i = 0; i < 5; i++) {
      await t.as('alpha').post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send({ ...ADMIN, password: 'wrong-one' });
    }
    const blocked = await t.as('alpha').post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send(ADMIN);
    expect(blocked.status).toBe(429);
    const otherAddress = await t.as('alpha').post('/api/auth/login').set('X-Forwarded-For', '203.0.113.8').send(ADMIN);
    expect(otherAddress.status).toBe(200);
  });
});
