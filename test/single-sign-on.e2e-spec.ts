import jwt from 'jsonwebtoken';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { AppLogger } from '../src/platform/logging/app-logger';
import { SsoAddresses } from '../src/single-sign-on/sso-addresses';
import { createDepartment, createUser, expectErrorBody, PASSWORD } from './support/factories';
import { freePort } from './support/free-port';
import { CookieBrowser, ForgingProvider, Forgery, RealProvider } from './support/oidc-standins';
import { ADMIN, startTestApp, TEST_ENV, TenantClient, TestApp } from './support/test-app';

/**
 * Single sign-on per university (issue 27) against a real OpenID Connect provider running locally: the
 * npm package `oidc-provider`, started as a child process, stands in for each university's identity
 * provider (test/support/oidc-provider-standin.mjs). The browser is played by a cookie-keeping HTTP
 * client that follows redirects and submits the provider's login form.
 *
 * What a real provider never issues (an expired ID token, one for another client, one signed with an
 * unpublished key, one with another nonce) comes from a second, deliberately forging stand-in that
 * speaks the same protocol (test/support/oidc-standins.ts, ForgingProvider); with nothing forged the
 * service accepts it, so each refusal is the service's check and not a broken stand-in.
 */
const SECRET_A = 'alpha-client-secret-never-shown-7f3c';
const SECRET_B = 'beta-client-secret-never-shown-91aa';
const SECRET_G = 'gamma-client-secret-never-shown-55d1';

describe('single sign-on through the university provider', () => {
  let t: TestApp;
  let port: number;
  let hostA: string;
  let hostB: string;
  let hostG: string;
  let providerA: RealProvider;
  let providerB: RealProvider;
  let forger: ForgingProvider;
  let adminA: TenantClient;
  let adminB: TenantClient;
  let adminG: TenantClient;
  const logs: string[] = [];
  const codesSeen: string[] = [];
  const users: Record<string, number> = {};

  const callbackOf = (host: string) => `http://${host}/api/auth/sso/callback`;

  function settingsA(overrides: Record<string, unknown> = {}) {
    return {
      enabled: true,
      issuerUrl: providerA.issuer,
      clientId: 'timetable-alpha',
      clientSecret: SECRET_A,
      displayName: 'единый вход Альфы',
      rolesClaim: 'groups',
      roleMapping: [
        { value: 'teachers', role: 'TEACHER' },
        { value: 'students', role: 'STUDENT' },
        { value: 'deans-office', role: 'EDUCATION_OFFICE' },
      ],
      emailDomains: ['alpha.example'],
      createUsers: false,
      passwordLoginAllowed: true,
      ...overrides,
    };
  }

  async function liveSessions(tenant: string): Promise<number> {
    const [row] = await t.sql<{ count: string }>(tenant, `SELECT count(*) FROM refresh_tokens WHERE revoked_at IS NULL`);
    return Number(row.count);
  }

  /** From the service's «Войти через …» to the provider's login form; returns the form's address. */
  async function toProviderForm(browser: CookieBrowser, host: string): Promise<string> {
    const { last, url } = await browser.follow(`http://${host}/api/auth/sso/login`);
    expect(last.status).toBe(200);
    expect(last.body).toContain('Логин у поставщика');
    return url;
  }

  /** Types `login` into the provider's form and follows the browser back until the callback's address (not opened). */
  async function untilCallback(browser: CookieBrowser, host: string, login: string): Promise<string> {
    const form = await toProviderForm(browser, host);
    const submitted = await browser.request('POST', form, { login });
    expect(submitted.status).toBe(303);
    const { url } = await browser.follow(submitted.location as string, (next) => next.pathname === '/api/auth/sso/callback');
    const code = new URL(url).searchParams.get('code');
    if (code) codesSeen.push(code);
    return url;
  }

  /** A whole sign-in: the provider's form, the callback, and where the service sends the browser. */
  async function signIn(browser: CookieBrowser, host: string, login: string) {
    const callback = await untilCallback(browser, host, login);
    const answer = await browser.request('GET', callback);
    return { callback, answer };
  }

  async function refreshIn(browser: CookieBrowser, host: string) {
    const answer = await browser.request('POST', `http://${host}/api/auth/refresh`);
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  }

  function expectRefusedPage(answer: { status: number; body: string; setCookies: string[] }, status: number, reason: RegExp): void {
    expect(answer.status).toBe(status);
    expect(answer.body).toContain('Вход не выполнен');
    expect(answer.body).toMatch(reason);
    expect(answer.setCookies.some((cookie) => cookie.startsWith('service_refresh='))).toBe(false);
  }

  beforeAll(async () => {
    const sink = { out: (line: string) => logs.push(line), err: (line: string) => logs.push(line) };
    // The links the service hands out name the public address (PUBLIC_URL), so the port is chosen first.
    port = await freePort();
    t = await startTestApp({
      tenants: ['alpha', 'beta', 'gamma'],
      logger: new AppLogger('json', false, sink),
      env: {
        PUBLIC_URL: `http://{domain}.timetable.test:${port}`,
        // The stand-in providers listen on loopback: the operator lists them as the universities' own.
        SSO_ALLOW_PRIVATE_HOSTS: '127.0.0.1,idp.gamma.test',
        // The cookie browser (127.0.0.1) is never limited; the limit's own test comes from other addresses.
        LOGIN_TRUSTED_NETWORKS: '127.0.0.1/32',
        TRUST_PROXY: '1',
        SSO_LOGIN_STARTS_PER_MINUTE: '5',
        SSO_LOGIN_MAX_ATTEMPTS: '20',
      },
    });
    await new Promise<void>((resolve) => t.server.listen(port, '127.0.0.1', resolve));
    [hostA, hostB, hostG] = ['alpha', 'beta', 'gamma'].map((tenant) => `${tenant}.timetable.test:${port}`);

    const teacherClaims = { preferred_username: 'petrova', name: 'Петрова Анна Сергеевна', email: 'petrova@alpha.example', email_verified: true, groups: ['teachers'] };
    [providerA, providerB, forger] = await Promise.all([
      RealProvider.start({
        clients: [{ client_id: 'timetable-alpha', client_secret: SECRET_A, redirect_uris: [callbackOf(hostA)], post_logout_redirect_uris: [`http://${hostA}/`] }],
        accounts: {
          'sub-petrova': { login: 'petrova', claims: teacherClaims },
          'sub-newbie': { login: 'newbie', claims: { preferred_username: 'newbie', name: 'Новиков Борис', email: 'newbie@alpha.example', email_verified: true, groups: ['students'] } },
          'sub-dean': { login: 'dean', claims: { preferred_username: 'dean', email: 'dean@alpha.example', groups: ['deans-office'] } },
          'sub-old': { login: 'old_teacher', claims: { preferred_username: 'old_teacher', email: 'old@alpha.example', groups: ['teachers'] } },
          'sub-guest': { login: 'guest', claims: { preferred_username: 'guest', email: 'guest@alpha.example', groups: ['visitors'] } },
          'sub-outsider': { login: 'outsider', claims: { preferred_username: 'outsider', email: 'outsider@gmail.example', groups: ['teachers'] } },
          'sub-external': { login: 'k.kozlov', claims: { preferred_username: 'k.kozlov', email: 'k.kozlov@alpha.example', groups: ['teachers'] } },
          // Hostile accounts (issue 46): each names a local account its groups do not vouch for.
          'sub-mallory': { login: 'mallory', claims: { preferred_username: 'admin', email: 'mallory@alpha.example', groups: ['students'] } },
          'sub-root': { login: 'root', claims: { preferred_username: 'admin', email: 'root@alpha.example', groups: ['it-admins'] } },
          'sub-fake-sokolov': { login: 'sokolov', claims: { preferred_username: 'sokolov', email: 'sokolov@alpha.example', groups: ['students'] } },
          'sub-orlova-mail': { login: 'o.orlova', claims: { preferred_username: 'o.orlova', email: 'orlova@alpha.example', groups: ['teachers'] } },
          'sub-it-admin': { login: 'it.admin', claims: { preferred_username: 'it.admin', email: 'it.admin@alpha.example', groups: ['students'] } },
        },
      }),
      RealProvider.start({
        clients: [{ client_id: 'timetable-beta', client_secret: SECRET_B, redirect_uris: [callbackOf(hostB)] }],
        accounts: { 'sub-beta-teacher': { login: 'petrova', claims: { preferred_username: 'petrova', groups: ['teachers'] } } },
      }),
      ForgingProvider.start(
        { client_id: 'timetable-gamma', client_secret: SECRET_G, redirect_uris: [callbackOf(hostG)] },
        { sub: 'sub-gamma', claims: { preferred_username: 'gamma_teacher', groups: ['teachers'] } },
      ),
    ]);

    adminA = await t.as(hostA.split('.')[0]).login(ADMIN.username, ADMIN.password);
    adminB = await t.as('beta').login(ADMIN.username, ADMIN.password);
    adminG = await t.as('gamma').login(ADMIN.username, ADMIN.password);
    const department = await createDepartment(adminA);
    for (const [username, role] of [['petrova', 'TEACHER'], ['old_teacher', 'TEACHER'], ['guest', 'TEACHER'], ['kozlov', 'TEACHER'], ['outsider', 'TEACHER'], ['sokolov', 'TEACHER'], ['orlova', 'TEACHER']] as const) {
      users[username] = (await createUser(adminA, { role, departmentId: department.id, username })).id;
    }
    await t.sql('alpha', `UPDATE users SET email = 'orlova@alpha.example' WHERE id = $1`, [users.orlova]);
    users.admin = (await t.sql<{ id: number }>('alpha', `SELECT id FROM users WHERE username = $1`, [ADMIN.username]))[0].id;
    expect((await adminA.delete(`/api/users/${users.old_teacher}`)).status).toBe(200);
    const departmentB = await createDepartment(adminB);
    users.betaPetrova = (await createUser(adminB, { role: 'TEACHER', departmentId: departmentB.id, username: 'petrova' })).id;
    const departmentG = await createDepartment(adminG);
    users.gammaTeacher = (await createUser(adminG, { role: 'TEACHER', departmentId: departmentG.id, username: 'gamma_teacher' })).id;
  }, 60000);

  afterAll(async () => {
    await Promise.all([providerA?.stop(), providerB?.stop(), forger?.stop()]);
    await t?.close();
  });

  describe('settings (GET/PUT /api/admin/sso)', () => {
    it('are for ADMIN only, and the login page learns nothing while none are saved', async () => {
      const teacher = await t.as('alpha').login('petrova', PASSWORD);
      expect((await teacher.get('/api/admin/sso')).status).toBe(403);
      expect((await t.as('alpha').get('/api/admin/sso')).status).toBe(401);
      expect((await t.as('alpha').get('/api/auth/sso')).body).toEqual({ enabled: false, buttonText: null, providerLogoutUrl: null });
      const empty = await adminA.get('/api/admin/sso').set('Host', hostA);
      expect(empty.body).toMatchObject({ configured: false, enabled: false, usernameClaim: 'preferred_username', createUsers: false, passwordLoginAllowed: true });
      expect(empty.body.redirectUri).toBe(callbackOf(hostA));
      const browser = new CookieBrowser();
      expectRefusedPage(await browser.request('GET', `http://${hostA}/api/auth/sso/login`), 404, /не настроен/);
    });

    it('refuses, in Russian, an issuer whose discovery document cannot be used, and a first save without a secret', async () => {
      const refused = [
        [{ issuerUrl: 'http://127.0.0.1:1/realms/none' }, /документ обнаружения/],
        [{ issuerUrl: 'http://sso.alpha.example/realms/main' }, /https:\/\//],
        [{ issuerUrl: `${providerA.issuer}/other-realm` }, /документ обнаружения|называет себя/],
        [{ clientSecret: undefined }, /clientSecret/],
        [{ roleMapping: [{ value: 'x', role: 'RECTOR' }] }, /role/],
        [{ emailDomains: ['not a domain'] }, /emailDomains/],
        [{ createUsers: true, roleMapping: [{ value: 'deans-office', role: 'EDUCATION_OFFICE' }] }, /createUsers/],
      ] as const;
      for (const [change, message] of refused) {
        const response = await adminA.put('/api/admin/sso', settingsA(change));
        expectErrorBody(response.body, 400, '/api/admin/sso', message);
      }
      expect((await adminA.get('/api/admin/sso')).body.configured).toBe(false);
    });

    it('saves usable settings; the secret is never returned and is stored only sealed', async () => {
      const response = await adminA.put('/api/admin/sso', settingsA());
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ configured: true, enabled: true, issuerUrl: providerA.issuer, clientId: 'timetable-alpha', clientSecretSet: true });
      expect(JSON.stringify(response.body)).not.toContain(SECRET_A);
      expect(JSON.stringify((await adminA.get('/api/admin/sso')).body)).not.toContain(SECRET_A);
      const [row] = await t.sql<{ sealed: string }>('alpha', `SELECT client_secret_sealed AS sealed FROM sso_settings`);
      expect(row.sealed).not.toContain(SECRET_A);
      expect(row.sealed.length).toBeGreaterThan(SECRET_A.length);

      // Saving without a secret keeps the stored one.
      const again = await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined }));
      expect(again.status).toBe(200);
      expect(again.body.clientSecretSet).toBe(true);
    });

    it('a refused change leaves the previous settings working', async () => {
      const before = (await adminA.get('/api/admin/sso')).body as { updatedAt: string };
      const refused = await adminA.put('/api/admin/sso', settingsA({ issuerUrl: 'http://127.0.0.1:1', displayName: 'сломанный вход' }));
      expect(refused.status).toBe(400);
      const after = (await adminA.get('/api/admin/sso')).body as Record<string, unknown>;
      expect(after).toMatchObject({ issuerUrl: providerA.issuer, displayName: 'единый вход Альфы', updatedAt: before.updatedAt });
    });

    it('the login page of the tenant gets the button text and the provider logout, nothing else', async () => {
      const response = await t.as('alpha').get('/api/auth/sso');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ enabled: true, buttonText: 'Войти через единый вход Альфы', providerLogoutUrl: expect.any(String) });
      const logout = new URL(response.body.providerLogoutUrl as string);
      expect(`${logout.origin}${logout.pathname}`).toBe(`${providerA.issuer}/session/end`);
      expect(logout.searchParams.get('client_id')).toBe('timetable-alpha');
    });
  });

  describe('signing in (authorization code with PKCE)', () => {
    it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
      const browser = new CookieBrowser();
      const answer = await browser.request('GET', `http://${hostA}/api/auth/sso/login`);
      expect(answer.status).toBe(302);
      const to = new URL(answer.location as string);
      expect(`${to.origin}${to.pathname}`).toBe(`${providerA.issuer}/auth`);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({
        client_id: 'timetable-alpha',
        response_type: 'code',
        redirect_uri: callbackOf(hostA),
        code_challenge_method: 'S256',
        scope: 'openid profile email',
      });
      for (const name of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(name)?.length).toBeGreaterThanOrEqual(32);
      expect(answer.setCookies.find((cookie) => cookie.startsWith('sso_attempt='))).toMatch(/HttpOnly/i);
    });

    it('a linked teacher signs in and lands on /teacher/ with a working refresh cookie, like after a password login', async () => {
      const browser = new CookieBrowser();
      const sessionsBefore = await liveSessions('alpha');
      const { answer } = await signIn(browser, hostA, 'petrova');
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`http://${hostA}/teacher/?sso=1`);
      // No token in any address the browser saw.
      expect(answer.location).not.toMatch(/token|code=/);
      const cookie = answer.setCookies.find((line) => line.startsWith('service_refresh='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\/api\/auth/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(await liveSessions('alpha')).toBe(sessionsBefore + 1);

      const refreshed = await refreshIn(browser, hostA);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ success: true, role: 'TEACHER', redirect: '/teacher/', userId: users.petrova });
      const me = await t.as('alpha', refreshed.body.token as string).get('/api/auth/me');
      expect(me.body).toMatchObject({ userId: users.petrova, username: 'petrova', role: 'TEACHER' });

      const links = (await adminA.get('/api/admin/sso/links')).body as Array<Record<string, unknown>>;
      expect(links).toContainEqual(expect.objectContaining({ userId: users.petrova, username: 'petrova', subject: 'sub-petrova' }));
    });

    it('the link holds the provider subject: an account renamed at the provider still signs in as the same user', async () => {
      await providerA.setAccount('sub-petrova', { login: 'petrova', claims: { preferred_username: 'petrova-ivanova', email: 'petrova@alpha.example', groups: ['teachers'] } });
      const browser = new CookieBrowser();
      const { answer } = await signIn(browser, hostA, 'petrova');
      expect(answer.status).toBe(302);
      expect((await refreshIn(browser, hostA)).body).toMatchObject({ userId: users.petrova, role: 'TEACHER' });
    });

    it('a replayed state, or a callback opened in another browser, is refused and starts no session', async () => {
      const browser = new CookieBrowser();
      const { callback, answer } = await signIn(browser, hostA, 'petrova');
      expect(answer.status).toBe(302);
      const sessions = await liveSessions('alpha');
      expectRefusedPage(await browser.request('GET', callback), 400, /устарела, уже использована/);

      const started = new CookieBrowser();
      const stolen = await untilCallback(started, hostA, 'petrova');
      const other = new CookieBrowser();
      expectRefusedPage(await other.request('GET', stolen), 400, /другом браузере/);
      // The attempt was used up by that refusal: the right browser cannot finish it either.
      expectRefusedPage(await started.request('GET', stolen), 400, /устарела/);
      expect(await liveSessions('alpha')).toBe(sessions);
    });

    it('of two parallel uses of one callback exactly one signs in (the database takes the attempt once)', async () => {
      const browser = new CookieBrowser();
      const callback = await untilCallback(browser, hostA, 'petrova');
      const sessions = await liveSessions('alpha');
      const answers = await Promise.all([browser.request('GET', callback), browser.request('GET', callback), browser.request('GET', callback)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400, 400]);
      expect(await liveSessions('alpha')).toBe(sessions + 1);
    });

    it('an unknown user is refused while creation is off, and created as STUDENT when it is on', async () => {
      let browser = new CookieBrowser();
      const refused = await signIn(browser, hostA, 'newbie');
      expectRefusedPage(refused.answer, 403, /«newbie» не найден/);
      expect(await t.sql('alpha', `SELECT id FROM users WHERE username = 'newbie'`)).toEqual([]);

      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined, createUsers: true }))).status).toBe(200);
      // A new browser: the provider would remember the first one's login and skip its form.
      const created = await signIn((browser = new CookieBrowser()), hostA, 'newbie');
      expect(created.answer.location).toBe(`http://${hostA}/student/?sso=1`);
      const [row] = await t.sql<{ role: string; email: string; full_name: string; status: string }>('alpha', `SELECT role, email, full_name, status FROM users WHERE username = 'newbie'`);
      expect(row).toEqual({ role: 'STUDENT', email: 'newbie@alpha.example', full_name: 'Новиков Борис', status: 'ACTIVE' });
      expect((await refreshIn(browser, hostA)).body).toMatchObject({ role: 'STUDENT', redirect: '/student/' });

      // Creation makes students and teachers only: a dean's office group creates nobody.
      const dean = await signIn(new CookieBrowser(), hostA, 'dean');
      expectRefusedPage(dean.answer, 403, /только студенты и преподаватели/);
      expect(await t.sql('alpha', `SELECT id FROM users WHERE username = 'dean'`)).toEqual([]);
      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined, createUsers: false }))).status).toBe(200);
    });

    it('an archived user, unmapped groups and a foreign e-mail domain are refused with a Russian page', async () => {
      const sessions = await liveSessions('alpha');
      expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'old_teacher')).answer, 403, /в архиве/);
      expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'guest')).answer, 403, /не сопоставлены ни одной роли/);
      expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'outsider')).answer, 403, /alpha\.example/);
      expect(await liveSessions('alpha')).toBe(sessions);
    });

    it('keeps working when the provider rotates its signing keys', async () => {
      const browser = new CookieBrowser();
      expect((await signIn(browser, hostA, 'petrova')).answer.status).toBe(302);
      const kid = await providerA.rotateKeys();
      const jwks = (await (await fetch(`${providerA.issuer}/jwks`)).json()) as { keys: Array<{ kid: string }> };
      expect(jwks.keys[0].kid).toBe(kid);
      const after = await signIn(browser, hostA, 'petrova');
      expect(after.answer.status).toBe(302);
      expect((await refreshIn(browser, hostA)).body).toMatchObject({ userId: users.petrova });
    });
  });

  describe('tokens a real provider would never issue (the forging stand-in)', () => {
    beforeAll(async () => {
      const saved = await adminG.put('/api/admin/sso', {
        enabled: true,
        issuerUrl: forger.issuer,
        clientId: 'timetable-gamma',
        clientSecret: SECRET_G,
        displayName: 'вход Гаммы',
        rolesClaim: 'groups',
        roleMapping: [{ value: 'teachers', role: 'TEACHER' }],
      });
      expect(saved.status).toBe(200);
    });

    async function viaForger(forgery: Forgery) {
      forger.forgery = forgery;
      const browser = new CookieBrowser();
      const { last } = await browser.follow(`http://${hostG}/api/auth/sso/login`, (url) => url.host === hostG && !url.pathname.startsWith('/api/'));
      return { browser, answer: last };
    }

    it('with nothing forged its token is accepted (the stand-in itself is sound)', async () => {
      const browser = new CookieBrowser();
      const { url } = await browser.follow(`http://${hostG}/api/auth/sso/login`, (next) => next.host === hostG && !next.pathname.startsWith('/api/'));
      expect(url).toBe(`http://${hostG}/teacher/?sso=1`);
      expect((await refreshIn(browser, hostG)).body).toMatchObject({ userId: users.gammaTeacher });
    });

    it.each<[Forgery]>([['expired'], ['other-audience'], ['unpublished-key'], ['wrong-nonce'], ['future-iat']])('an ID token forged as %s is refused and starts no session', async (forgery) => {
      const sessions = await liveSessions('gamma');
      const { browser, answer } = await viaForger(forgery);
      expectRefusedPage(answer, 400, /не подтвердил вход/);
      expect((await refreshIn(browser, hostG)).status).toBe(401);
      expect(await liveSessions('gamma')).toBe(sessions);
    });
  });

  it('a provider offering only unsigned or shared-secret ID tokens is refused when the settings are saved', async () => {
    const settings = { enabled: true, issuerUrl: forger.issuer, clientId: 'timetable-gamma', clientSecret: SECRET_G, displayName: 'вход Гаммы (новый)' };
    try {
      for (const algorithms of [['none'], ['HS256'], ['none', 'HS256', 'HS512']]) {
        forger.algorithms = algorithms;
        const refused = await adminG.put('/api/admin/sso', settings);
        expectErrorBody(refused.body, 400, '/api/admin/sso', /none.*HS|открытым ключом/);
      }
      expect((await adminG.get('/api/admin/sso')).body.displayName).toBe('вход Гаммы');
      // One public-key algorithm among them is enough: the service asks for that one.
      forger.algorithms = ['HS256', 'RS256'];
      expect((await adminG.put('/api/admin/sso', { ...settings, rolesClaim: 'groups', roleMapping: [{ value: 'teachers', role: 'TEACHER' }] })).status).toBe(200);
    } finally {
      forger.algorithms = ['RS256'];
    }
  });

  describe('an account the provider does not vouch for is never linked implicitly (issue 46)', () => {
    async function adminLinks(): Promise<unknown[]> {
      return t.sql('alpha', `SELECT subject FROM sso_links WHERE user_id = $1`, [users.admin]);
    }

    it("a student of the provider whose preferred_username is the administrator's is refused, and nothing is bound", async () => {
      const sessions = await liveSessions('alpha');
      const { answer } = await signIn(new CookieBrowser(), hostA, 'mallory');
      expectRefusedPage(answer, 403, /только по связи, которую задал администратор/);
      expect(await adminLinks()).toEqual([]);
      expect(await liveSessions('alpha')).toBe(sessions);
    });

    it('even groups mapped to ADMIN do not link an administrator by username', async () => {
      const mapping = [...settingsA().roleMapping, { value: 'it-admins', role: 'ADMIN' }];
      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined, roleMapping: mapping }))).status).toBe(200);
      try {
        expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'root')).answer, 403, /только по связи, которую задал администратор/);
        expect(await adminLinks()).toEqual([]);
      } finally {
        expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined }))).status).toBe(200);
      }
    });

    it("a teacher's username under groups that grant only STUDENT is refused; an e-mail match links nobody", async () => {
      const sessions = await liveSessions('alpha');
      expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'sokolov')).answer, 403, /не дают роль этой учётной записи/);
      expect(await t.sql('alpha', `SELECT subject FROM sso_links WHERE user_id = $1`, [users.sokolov])).toEqual([]);
      // orlova@alpha.example is the local teacher's address, but the provider's name is another one.
      expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'o.orlova')).answer, 403, /«o\.orlova» не найден/);
      expect(await t.sql('alpha', `SELECT subject FROM sso_links WHERE user_id = $1`, [users.orlova])).toEqual([]);
      expect(await liveSessions('alpha')).toBe(sessions);
    });

    it('a link bound silently before this fix no longer signs in as the administrator', async () => {
      await t.sql('alpha', `INSERT INTO sso_links (user_id, issuer, subject) VALUES ($1, $2, 'sub-mallory')`, [users.admin, providerA.issuer]);
      try {
        const sessions = await liveSessions('alpha');
        expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'mallory')).answer, 403, /только по связи, которую задал администратор/);
        expect(await liveSessions('alpha')).toBe(sessions);
      } finally {
        await t.sql('alpha', `DELETE FROM sso_links WHERE user_id = $1`, [users.admin]);
      }
    });

    it('a link the administrator made to an ADMIN account binds only a provider user whose groups grant ADMIN, at binding and at every later sign-in (issue 52)', async () => {
      const linkPath = `/api/admin/sso/links/${users.admin}`;
      // No group maps to ADMIN: such a link could never be checked, so it is not made.
      const unguarded = await adminA.put(linkPath, { externalName: 'it.admin' });
      expectErrorBody(unguarded.body, 400, linkPath, /ни одна группа не сопоставлена роли ADMIN/);
      expect(unguarded.body.field).toBe('externalName');
      expect(await adminLinks()).toEqual([]);

      const mapping = [...settingsA().roleMapping, { value: 'it-admins', role: 'ADMIN' }];
      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined, roleMapping: mapping }))).status).toBe(200);
      expect((await adminA.put(linkPath, { externalName: 'it.admin' })).status).toBe(200);
      try {
        // The provider's user named it.admin is a student there: refused, logged, and the link stays unbound.
        const sessions = await liveSessions('alpha');
        expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'it.admin')).answer, 403, /не дают роль учётной записи, с которой вас связал администратор/);
        expect(await adminLinks()).toEqual([{ subject: null }]);
        expect(logs.join('\n')).toContain(`named link to a ADMIN account ${users.admin} not granted by the provider's groups`);
        expect(await liveSessions('alpha')).toBe(sessions);

        // In the administrators' group it binds and signs in as ADMIN.
        await providerA.setAccount('sub-it-admin', { login: 'it.admin', claims: { preferred_username: 'it.admin', email: 'it.admin@alpha.example', groups: ['it-admins'] } });
        const browser = new CookieBrowser();
        const { answer } = await signIn(browser, hostA, 'it.admin');
        expect(answer.location).toBe(`http://${hostA}/admin/?sso=1`);
        expect((await refreshIn(browser, hostA)).body).toMatchObject({ userId: users.admin, role: 'ADMIN' });
        expect(await adminLinks()).toEqual([{ subject: 'sub-it-admin' }]);

        // Moved out of that group at the provider: the bound link no longer signs in.
        await providerA.setAccount('sub-it-admin', { login: 'it.admin', claims: { preferred_username: 'it.admin', email: 'it.admin@alpha.example', groups: ['students'] } });
        expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'it.admin')).answer, 403, /не дают роль учётной записи/);
      } finally {
        expect((await adminA.delete(linkPath)).status).toBe(200);
        expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined }))).status).toBe(200);
      }
    });
  });

  describe('tenants stay apart', () => {
    beforeAll(async () => {
      const saved = await adminB.put('/api/admin/sso', {
        enabled: true,
        issuerUrl: providerB.issuer,
        clientId: 'timetable-beta',
        clientSecret: SECRET_B,
        displayName: 'вход Беты',
        rolesClaim: 'groups',
        roleMapping: [{ value: 'teachers', role: 'TEACHER' }],
      });
      expect(saved.status).toBe(200);
    });

    it('each university sees only its own settings and its own users sign in through its own provider', async () => {
      const settingsB = (await adminB.get('/api/admin/sso')).body as Record<string, unknown>;
      expect(settingsB).toMatchObject({ issuerUrl: providerB.issuer, clientId: 'timetable-beta', displayName: 'вход Беты', emailDomains: [] });
      expect((await adminA.get('/api/admin/sso')).body).toMatchObject({ issuerUrl: providerA.issuer });
      // Alpha's administrator token is not accepted on beta's host.
      expect((await t.as('beta', adminA.token).get('/api/admin/sso')).status).toBe(401);
      expect((await t.as('beta').get('/api/auth/sso')).body.buttonText).toBe('Войти через вход Беты');

      const browser = new CookieBrowser();
      const { answer } = await signIn(browser, hostB, 'petrova');
      expect(answer.status).toBe(302);
      expect((await refreshIn(browser, hostB)).body).toMatchObject({ userId: users.betaPetrova });
      // The session is beta's only.
      expect((await refreshIn(browser, hostA)).status).toBe(401);
    });

    it("a code issued for alpha's client, brought to beta's callback with beta's own state, is refused", async () => {
      const browser = new CookieBrowser();
      const alphaCallback = new URL(await untilCallback(browser, hostA, 'petrova'));
      const toBeta = await browser.request('GET', `http://${hostB}/api/auth/sso/login`);
      const betaState = new URL(toBeta.location as string).searchParams.get('state') as string;
      const forged = new URL(callbackOf(hostB));
      forged.searchParams.set('code', alphaCallback.searchParams.get('code') as string);
      forged.searchParams.set('state', betaState);
      const sessions = await liveSessions('beta');
      expectRefusedPage(await browser.request('GET', forged.toString()), 400, /не подтвердил вход/);
      expect(await liveSessions('beta')).toBe(sessions);
      // And alpha's own callback, opened on beta's host, finds no such sign-in there.
      const moved = alphaCallback.toString().replace(hostA, hostB);
      expectRefusedPage(await browser.request('GET', moved), 400, /устарела/);
    });
  });

  describe('links set by the administrator', () => {
    it('links a user to another provider name, lists it, and a removed link no longer signs in', async () => {
      const teacher = await t.as('alpha').login('petrova', PASSWORD);
      expect((await teacher.put(`/api/admin/sso/links/${users.kozlov}`, { externalName: 'k.kozlov' })).status).toBe(403);
      expect((await adminA.put('/api/admin/sso/links/999999', { externalName: 'k.kozlov' })).status).toBe(404);

      const linked = await adminA.put(`/api/admin/sso/links/${users.kozlov}`, { externalName: 'k.kozlov' });
      expect(linked.status).toBe(200);
      expect(linked.body).toMatchObject({ userId: users.kozlov, username: 'kozlov', externalName: 'k.kozlov', subject: null });
      const taken = await adminA.put(`/api/admin/sso/links/${users.guest}`, { externalName: 'K.Kozlov' });
      expectErrorBody(taken.body, 409, `/api/admin/sso/links/${users.guest}`, /уже связано/);

      const browser = new CookieBrowser();
      expect((await signIn(browser, hostA, 'k.kozlov')).answer.status).toBe(302);
      expect((await refreshIn(browser, hostA)).body).toMatchObject({ userId: users.kozlov });
      const links = (await adminA.get('/api/admin/sso/links')).body as Array<Record<string, unknown>>;
      expect(links).toContainEqual(expect.objectContaining({ userId: users.kozlov, externalName: 'k.kozlov', subject: 'sub-external' }));

      const removed = await adminA.delete(`/api/admin/sso/links/${users.kozlov}`);
      expect(removed.status).toBe(200);
      expect((await adminA.delete(`/api/admin/sso/links/${users.kozlov}`)).status).toBe(404);
      expect(((await adminA.get('/api/admin/sso/links')).body as Array<{ userId: number }>).map((link) => link.userId)).not.toContain(users.kozlov);
      expectRefusedPage((await signIn(new CookieBrowser(), hostA, 'k.kozlov')).answer, 403, /«k\.kozlov» не найден/);
    });
  });

  describe('password login when the university turned it off', () => {
    afterAll(async () => {
      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined }))).status).toBe(200);
    });

    it('refuses a non-admin with 403 after a correct password, keeps 401 for a wrong one, and lets the administrator in', async () => {
      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined, passwordLoginAllowed: false }))).status).toBe(200);
      const refused = await t.as('alpha').post('/api/auth/login', { username: 'petrova', password: PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        success: false,
        message: 'Вход по паролю в этом университете отключён: нажмите «Войти через единый вход Альфы»',
        token: null,
        role: null,
        redirect: null,
        departmentId: null,
        userId: null,
      });
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await t.as('alpha').post('/api/auth/login', { username: 'petrova', password: 'wrong-password-1' })).status).toBe(401);
      expect((await t.as('alpha').post('/api/auth/login', ADMIN)).status).toBe(200);
      // Another university's password login is its own business.
      expect((await t.as('beta').post('/api/auth/login', { username: 'petrova', password: PASSWORD })).status).toBe(200);
      // And single sign-on still works.
      expect((await signIn(new CookieBrowser(), hostA, 'petrova')).answer.status).toBe(302);
    });
  });

  describe('nothing on internal addresses: the issuer and every endpoint its discovery names (issue 52 §3)', () => {
    const gammaSettings = { enabled: true, clientId: 'timetable-gamma', clientSecret: SECRET_G, displayName: 'вход Гаммы', rolesClaim: 'groups', roleMapping: [{ value: 'teachers', role: 'TEACHER' }] };
    /** What each made-up name resolves to now; a name not here does not resolve. */
    const dns = new Map<string, string>();

    beforeAll(() => {
      forger.forgery = 'none';
      t.app.get(SsoAddresses).lookup = (hostname) => {
        const address = dns.get(hostname);
        return address ? Promise.resolve([{ address, family: 4 }]) : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
      };
    });
    afterAll(async () => {
      forger.discoveryOverrides = {};
      expect((await adminG.put('/api/admin/sso', { ...gammaSettings, issuerUrl: forger.issuer })).status).toBe(200);
    });

    it('refuses internal issuers and discovered endpoints when saved, and a name resolving inside at the call, with no connection', async () => {
      const before = (await adminG.get('/api/admin/sso')).body as { updatedAt: string };
      for (const issuerUrl of ['https://[2002:7f00:1::]/realms/main', 'https://[64:ff9b::a9fe:a9fe]', 'https://[::ffff:169.254.169.254]', 'https://10.0.0.7/realms/main', 'https://localhost/realms/main']) {
        for (const enabled of [true, false]) {
          const refused = await adminG.put('/api/admin/sso', { ...gammaSettings, enabled, issuerUrl });
          expectErrorBody(refused.body, 400, '/api/admin/sso', /внутренней сети.*SSO_ALLOW_PRIVATE_HOSTS/);
          expect(refused.body.field).toBe('issuerUrl');
        }
      }
      const forgerPort = new URL(forger.issuer).port;
      for (const [field, address] of [
        ['userinfo_endpoint', 'https://[::ffff:a9fe:a9fe]/userinfo'],
        ['end_session_endpoint', 'https://192.168.1.1/logout'],
        ['jwks_uri', `https://[2002:7f00:1::]:${forgerPort}/jwks`],
        ['token_endpoint', 'https://[64:ff9b::10.0.0.1]/token'],
      ]) {
        forger.discoveryOverrides = { [field]: address };
        const refused = await adminG.put('/api/admin/sso', { ...gammaSettings, issuerUrl: forger.issuer });
        expectErrorBody(refused.body, 400, '/api/admin/sso', new RegExp(`${field}.*внутренней сети`));
        expect(refused.body.field).toBe('issuerUrl');
      }
      expect((await adminG.get('/api/admin/sso')).body.updatedAt).toBe(before.updatedAt);

      // A host the operator listed is called on the one address the check resolved (the system cannot resolve it).
      dns.set('idp.gamma.test', '127.0.0.1');
      forger.discoveryOverrides = { token_endpoint: `http://idp.gamma.test:${forgerPort}/token` };
      expect((await adminG.put('/api/admin/sso', { ...gammaSettings, issuerUrl: forger.issuer })).status).toBe(200);
      const pinned = new CookieBrowser();
      const { url } = await pinned.follow(`http://${hostG}/api/auth/sso/login`, (next) => next.host === hostG && !next.pathname.startsWith('/api/'));
      expect(url).toBe(`http://${hostG}/teacher/?sso=1`);
      expect(forger.requests.filter((item) => item.path === '/token').at(-1)?.host).toBe(`idp.gamma.test:${forgerPort}`);

      // Not resolvable when saved (accepted), inside when the sign-in calls it: refused before any connection.
      forger.discoveryOverrides = { token_endpoint: `https://rebind.gamma.test:${forgerPort}/token` };
      expect((await adminG.put('/api/admin/sso', { ...gammaSettings, issuerUrl: forger.issuer })).status).toBe(200);
      const tokenCalls = forger.requests.filter((item) => item.path === '/token').length;
      const sessions = await liveSessions('gamma');
      const browser = new CookieBrowser();
      const { url: callback } = await browser.follow(`http://${hostG}/api/auth/sso/login`, (next) => next.pathname === '/api/auth/sso/callback');
      dns.set('rebind.gamma.test', '127.0.0.1');
      const last = await browser.request('GET', callback);
      expectRefusedPage(last, 400, /не подтвердил вход/);
      expect(forger.requests.filter((item) => item.path === '/token')).toHaveLength(tokenCalls);
      expect(logs.join('\n')).toContain('a provider endpoint is (or resolves to) an internal address');
      expect(await liveSessions('gamma')).toBe(sessions);
    });
  });

  describe('tokens, addresses, e-mail, limits and algorithms (issue 52 §4)', () => {
    it('refuses an access token issued more than a minute ahead or without exp; links name the public address, never Host; e-mail only verified and unique; starts limited and capped; no algorithm list means RS256 only', async () => {
      // Access tokens: the same claims re-signed with the service's key are accepted, a year ahead or without exp they are not.
      const { iat, exp, ...claims } = jwt.decode(adminA.token as string) as Record<string, number>;
      const signed = (payload: object) => jwt.sign(payload, TEST_ENV.JWT_SECRET, { algorithm: 'HS256' });
      expect((await t.as('alpha', signed({ ...claims, iat, exp })).get('/api/auth/me')).status).toBe(200);
      expect((await t.as('alpha', signed({ ...claims, iat: iat + 365 * 24 * 3600, exp: exp + 365 * 24 * 3600 })).get('/api/auth/me')).status).toBe(401);
      expect((await t.as('alpha', signed({ ...claims, iat })).get('/api/auth/me')).status).toBe(401);

      // Addresses: a Host of the attacker's choosing names the tenant, but never appears in a link.
      const forged = `alpha.attacker.example:${port}`;
      const login = await request(t.server).get('/api/auth/sso/login').set('Host', forged);
      expect(login.status).toBe(302);
      expect(new URL(login.headers.location).searchParams.get('redirect_uri')).toBe(callbackOf(hostA));
      expect((await adminA.get('/api/admin/sso').set('Host', forged)).body.redirectUri).toBe(callbackOf(hostA));
      const logout = new URL((await request(t.server).get('/api/auth/sso').set('Host', forged)).body.providerLogoutUrl as string);
      expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`http://${hostA}/`);
      const teacher = await t.as('alpha').login('petrova', PASSWORD);
      const feed = await teacher.post('/api/calendar-feeds', { kind: 'MY_LESSONS' }).set('Host', forged);
      expect(feed.status).toBe(200);
      expect(feed.body.url).toMatch(new RegExp(`^http://${hostA.replace(/\./g, '\\.')}/ical/`));

      // E-mail of a created account: only when verified, and only when no other account has it.
      await providerA.setAccount('sub-unverified', { login: 'unverified', claims: { preferred_username: 'unverified', email: 'unverified@alpha.example', groups: ['students'] } });
      await providerA.setAccount('sub-same-mail', { login: 'same.mail', claims: { preferred_username: 'same.mail', email: 'ORLOVA@alpha.example', email_verified: true, groups: ['students'] } });
      await providerA.setAccount('sub-verified', { login: 'verified', claims: { preferred_username: 'verified', email: 'verified@alpha.example', email_verified: true, groups: ['students'] } });
      expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined, createUsers: true }))).status).toBe(200);
      try {
        for (const name of ['unverified', 'same.mail', 'verified']) expect((await signIn(new CookieBrowser(), hostA, name)).answer.status).toBe(302);
      } finally {
        expect((await adminA.put('/api/admin/sso', settingsA({ clientSecret: undefined }))).status).toBe(200);
      }
      const mails = await t.sql<{ username: string; email: string | null }>('alpha', `SELECT username, email FROM users WHERE username IN ('unverified', 'same.mail', 'verified') ORDER BY username`);
      expect(mails).toEqual([
        { username: 'same.mail', email: null },
        { username: 'unverified', email: null },
        { username: 'verified', email: 'verified@alpha.example' },
      ]);

      // Starts: five a minute per address (SSO_LOGIN_STARTS_PER_MINUTE in this file), then 429 with Retry-After.
      const start = (address: string) => request(t.server).get('/api/auth/sso/login').set('Host', hostA).set('X-Forwarded-For', address);
      for (let i = 0; i < 5; i++) expect((await start('203.0.113.50')).status).toBe(302);
      const limited = await start('203.0.113.50');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.text).toContain('Слишком много попыток входа');
      expect((await start('203.0.113.51')).status).toBe(302);
      // Stored attempts are capped per university (20 in this file): the oldest go first.
      const stateOf = (answer: { headers: Record<string, string> }) => createHash('sha256').update(new URL(answer.headers.location).searchParams.get('state') as string).digest('hex');
      const states: string[] = [];
      for (let i = 0; i < 25; i++) states.push(stateOf(await start(`203.0.113.${60 + Math.floor(i / 5)}`)));
      const stored = (await t.sql<{ state: string }>('alpha', `SELECT state_hash AS state FROM sso_login_attempts`)).map((row) => row.state);
      expect(stored).toHaveLength(20);
      expect(stored).not.toContain(states[0]);
      expect(stored).toEqual(expect.arrayContaining(states.slice(5)));

      // A discovery document without id_token_signing_alg_values_supported: RS256 only, so a PS256 token is refused.
      forger.algorithms = undefined;
      try {
        expect((await adminG.put('/api/admin/sso', { enabled: true, issuerUrl: forger.issuer, clientId: 'timetable-gamma', clientSecret: SECRET_G, displayName: 'вход Гаммы', rolesClaim: 'groups', roleMapping: [{ value: 'teachers', role: 'TEACHER' }] })).status).toBe(200);
        forger.signingAlg = 'PS256';
        const sessions = await liveSessions('gamma');
        const { last } = await new CookieBrowser().follow(`http://${hostG}/api/auth/sso/login`, (next) => next.host === hostG && !next.pathname.startsWith('/api/'));
        expectRefusedPage(last, 400, /не подтвердил вход/);
        expect(await liveSessions('gamma')).toBe(sessions);
        forger.signingAlg = 'RS256';
        const { url } = await new CookieBrowser().follow(`http://${hostG}/api/auth/sso/login`, (next) => next.host === hostG && !next.pathname.startsWith('/api/'));
        expect(url).toBe(`http://${hostG}/teacher/?sso=1`);
      } finally {
        forger.algorithms = ['RS256'];
        forger.signingAlg = 'RS256';
      }
    });
  });

  it('never logs the client secrets, the codes or the tokens', () => {
    const text = logs.join('\n');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [SECRET_A, SECRET_B, SECRET_G]) expect(text).not.toContain(secret);
    expect(codesSeen.length).toBeGreaterThan(5);
    for (const code of codesSeen) expect(text).not.toContain(code);
    expect(text).toContain('/api/auth/sso/callback');
    expect(text).not.toMatch(/callback\?/);
  });
});
