import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

interface Operation {
  summary?: string;
  security?: unknown[];
}

const PUBLIC_OPERATIONS = new Set([
  'post /api/auth/login',
  'post /api/auth/refresh',
  'post /api/auth/logout',
  // The unsubscribe link of a notification e-mail: its signed token is the permission.
  'get /api/notifications/unsubscribe',
  'post /api/notifications/unsubscribe',
  // Whether the login page shows «Войти через …» (issue 27): asked before anyone has signed in.
  'get /api/auth/sso',
  // The university's time zone, for a page's "today" before anyone has signed in (issue 46).
  'get /api/university',
]);

/** Swagger UI is what newcomers and client authors read first: every route is there, documented. */
describe('OpenAPI document and Swagger UI', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { SWAGGER_ENABLED: 'true' } });
    const response = await request(t.server).get('/v3/api-docs');
    expect(response.status).toBe(200);
    paths = (response.body as { paths: typeof paths }).paths;
  });
  afterAll(() => t.close());

  it('serves Swagger UI without a tenant or a token', async () => {
    const response = await request(t.server).get('/swagger-ui/').set('Host', 'nowhere.example.org');
    expect(response.status).toBe(200);
    expect(response.text).toContain('swagger');
  });

  it('documents the routes of every area', () => {
    for (const path of [
      '/api/auth/login',
      '/api/users/page',
      '/api/departments',
      '/api/groups/page',
      '/api/classrooms',
      '/api/admin/time-slots/effective',
      '/api/admin/academic-calendars/{id}/grid',
      '/api/admin/schedule-rules',
      '/api/schedule',
      '/api/schedule/search',
      '/api/edu-office/schedule/overrides',
      '/api/edu-office/schedule/versions/{id}/publish',
    ]) {
      expect(paths).toHaveProperty([path]);
    }
  });

  it('marks every /api operation but login, refresh, logout, the single sign-on button and the e-mail unsubscribe link as bearer-protected, each with a summary', () => {
    const unprotected: string[] = [];
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method} ${path}`;
        if (!PUBLIC_OPERATIONS.has(name) && !operation.security?.length) unprotected.push(name);
        if (!operation.summary) undocumented.push(name);
      }
    }
    expect(unprotected).toEqual([]);
    expect(undocumented).toEqual([]);
  });
});
