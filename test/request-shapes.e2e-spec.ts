import { DepartmentsRepository } from '../src/departments/departments.repository';
import { nestedProperties } from '../src/platform/http/nested-objects';
import { createValidationPipe } from '../src/platform/http/validation.pipe';
import { AppLogger } from '../src/platform/logging/app-logger';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Bodies of the wrong shape (issue 46 §3): every nested object of every DTO refuses an array, a
 * string, a number or null in its place with a 400 (it was a 500 where an array stood for an object),
 * and an unexpected 500 is logged with the error's class, message and stack, never answered with them.
 */
describe('wrong shapes in nested bodies, and the log of an unexpected error', () => {
  let t: TestApp;
  let admin: TenantClient;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], logger: new AppLogger('json', false, { out: (line) => lines.push(line), err: (line) => lines.push(line) }) });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('POST /api/admin/calendar/years with semesters [[]] and the other wrong shapes answers 400 and creates nothing', async () => {
    for (const shape of [[], 'весна', 1, null]) {
      const response = await admin.post('/api/admin/calendar/years', { startDate: '2117-09-01', semesters: [shape] });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/semesters/);
    }
    expect(await t.sql('alpha', `SELECT id FROM academic_years WHERE start_date = '2117-09-01'`)).toEqual([]);
  });

  it('every nested property of every DTO, found by its validation metadata, refuses each wrong shape', async () => {
    // The service's own global pipe (made the same way), after the application loaded every DTO.
    const validation = createValidationPipe();
    // class-validator keeps its rules in a global shared by the test files of one Jest worker: the
    // classes of this file's application are the ones registered last under each name.
    const latest = new Map(nestedProperties().map((item) => [`${item.target.name}.${item.property}`, item]));
    const nested = [...latest.values()];
    // Found by metadata: a new nested DTO joins the walk by itself; these are today's.
    expect(nested.map((item) => `${item.target.name}.${item.property}`)).toEqual(
      expect.arrayContaining(['AcademicYearCreateRequest.semesters', 'RuleRequest.slots', 'AbsenceResolveRequest.decisions', 'SsoSettingsRequest.roleMapping']),
    );
    const accepted: string[] = [];
    for (const { target, property, each } of nested) {
      const shapes: unknown[] = each ? [[[]], ['текст'], [7], [null]] : [[], 'текст', 7];
      for (const shape of shapes) {
        try {
          await validation.transform({ [property]: shape }, { type: 'body', metatype: target as never });
          accepted.push(`${target.name}.${property} = ${JSON.stringify(shape)}`);
        } catch (error) {
          const refusal = error as { status?: number; message?: string };
          if (refusal.status !== 400 || !refusal.message?.includes(`«${property}`)) accepted.push(`${target.name}.${property} = ${JSON.stringify(shape)}: ${refusal.message}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('an unexpected error answers the plain 500 and logs its class, message and stack', async () => {
    const repository = t.app.get(DepartmentsRepository);
    const original = repository.list.bind(repository);
    repository.list = () => Promise.reject(new TypeError('Cannot read properties of undefined (reading "code") at https://user:secret@db.example/x'));
    try {
      const response = await admin.get('/api/departments');
      expect(response.status).toBe(500);
      expect(JSON.stringify(response.body)).not.toMatch(/TypeError|reading|stack|\.ts:\d+/);
    } finally {
      repository.list = original;
    }
    const logged = lines.map((line) => JSON.parse(line) as Record<string, string>).find((line) => line.level === 'error' && /unhandled/.test(line.message));
    expect(logged).toMatchObject({ context: 'Errors', message: 'GET /api/departments: unhandled TypeError', errorClass: 'TypeError' });
    expect(logged?.errorMessage).toContain('Cannot read properties of undefined');
    expect(logged?.errorMessage).not.toContain('secret');
    expect(logged?.stack).toMatch(/^\s+at /);
  });
});
