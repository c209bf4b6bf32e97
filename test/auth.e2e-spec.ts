import { ADMIN, startTestApp, TestApp } from './support/test-app';

describe('authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
  });
  afterAll(() => t.close());

  it('logs the bootstrap administrator in', async () => {
    const response = await t.as('alpha').post('/api/auth/login', ADMIN);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, role: 'ADMIN', redirect: '/admin/', departmentId: null });
    expect(typeof response.body.token).toBe('string');
  });
});
