import { VersionValidator } from '../src/schedule/versions/version-validator';
import { createScheduleYear, createVersion, VERSIONS_PATH } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Publications validate their whole semester in memory, so an instance validates only
 * SCHEDULE_PUBLISH_CONCURRENCY of them at once; the others wait their turn and then succeed. The real
 * validator runs; the test only counts how many of its runs overlap.
 */
describe('publications at the same moment wait for a validation slot (SCHEDULE_PUBLISH_CONCURRENCY)', () => {
  let t: TestApp;
  let admin: TenantClient;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { SCHEDULE_PUBLISH_CONCURRENCY: '1' } });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('validates one at a time with a limit of 1, and every publication of the burst still succeeds', async () => {
    const validator = t.app.get(VersionValidator);
    const validate = validator.validate.bind(validator);
    let running = 0;
    let most = 0;
    validator.validate = async (...args: Parameters<typeof validate>) => {
      most = Math.max(most, ++running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30)); // long enough for the others to arrive
        return await validate(...args);
      } finally {
        running--;
      }
    };
    const drafts = [];
    for (const startYear of [2040, 2041, 2042, 2043]) {
      const year = await createScheduleYear(t, admin, startYear);
      drafts.push(await createVersion(admin, year.semester.id, `Черновик ${startYear}`, year.versionId));
    }
    const answers = await Promise.all(drafts.map((draft) => admin.post(`${VERSIONS_PATH}/${draft.id}/publish`, { reason: 'Утверждено' })));
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual(drafts.map(() => [200, 'PUBLISHED']));
    expect(most).toBe(1);
  });
});
