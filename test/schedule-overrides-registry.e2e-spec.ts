import { signedInAs } from './support/factories';
import { buildOverrideWorld, createOverride, OverrideBody, OverrideWorld, OVERRIDES_PATH, query } from './support/override-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const SEMESTER = { startDate: '2026-09-01', endDate: '2026-12-31' };
const WEEK_2 = { startDate: '2026-09-07', endDate: '2026-09-13' };

interface RegistryPage {
  items: OverrideBody[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
  first: boolean;
  last: boolean;
}

/**
 * Issue 29: the override registry answers 304 while it is unchanged, and the office's screen reads it
 * a page at a time with filters (`GET .../overrides/page`) instead of a whole week of changes at once.
 */
describe('the override registry: conditional answers and pages (issue 29)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let stored: { cancelMath: OverrideBody; replacePhys: OverrideBody; moveHist: OverrideBody; cancelLater: OverrideBody };
  let groupA: number;
  let teacher: number[];
  let room: number[];

  const page = async (params: Record<string, string | number>): Promise<RegistryPage> => {
    const response = await admin.get(`${OVERRIDES_PATH}/page?${query(params)}`);
    if (response.status !== 200) throw new Error(`page: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as RegistryPage;
  };
  const ids = (entries: OverrideBody[]) => entries.map((entry) => entry.id);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    groupA = w.u.groups[0].id;
    teacher = w.u.teachers.map((user) => user.id);
    room = w.u.classrooms.map((classroom) => classroom.id);
    stored = {
      cancelMath: await createOverride(admin, { baseRuleSlotId: w.rules.math.slots[0].id, lessonDate: '2026-09-08', action: 'CANCEL' }),
      replacePhys: await createOverride(admin, { baseRuleSlotId: w.rules.phys.slots[0].id, lessonDate: '2026-09-08', action: 'REPLACE', newTeacherId: teacher[3] }),
      moveHist: await createOverride(admin, { baseRuleSlotId: w.rules.hist.slots[0].id, lessonDate: '2026-09-09', action: 'MOVE', newTimeSlotId: w.pairs[2].id }),
      cancelLater: await createOverride(admin, { baseRuleSlotId: w.rules.math.slots[0].id, lessonDate: '2026-09-15', action: 'CANCEL' }),
    };
  });
  afterAll(() => t.close());

  it('answers 304 without a body while the registry is unchanged, and the new registry once a change is made', async () => {
    const first = await admin.get(`${OVERRIDES_PATH}?${query(WEEK_2)}`);
    expect(first.status).toBe(200);
    expect(ids(first.body as OverrideBody[])).toEqual([stored.cancelMath.id, stored.replacePhys.id, stored.moveHist.id]);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await admin.get(`${OVERRIDES_PATH}?${query(WEEK_2)}`).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');

    // Another period is another answer.
    expect((await admin.get(`${OVERRIDES_PATH}?${query(SEMESTER)}`).set('If-None-Match', etag)).status).toBe(200);

    const deleted = await admin.delete(`${OVERRIDES_PATH}/${stored.moveHist.id}`);
    expect(deleted.status).toBe(200);
    const changed = await admin.get(`${OVERRIDES_PATH}?${query(WEEK_2)}`).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ids(changed.body as OverrideBody[])).toEqual([stored.cancelMath.id, stored.replacePhys.id]);
    stored.moveHist = await createOverride(admin, { baseRuleSlotId: w.rules.hist.slots[0].id, lessonDate: '2026-09-09', action: 'MOVE', newTimeSlotId: w.pairs[2].id });
  });

  it('pages the registry by original date, with the spec page fields, both directions', async () => {
    const all = [stored.cancelMath.id, stored.replacePhys.id, stored.moveHist.id, stored.cancelLater.id];
    const first = await page({ ...SEMESTER, page: 0, size: 3 });
    expect(first).toMatchObject({ page: 0, size: 3, totalItems: 4, totalPages: 2, first: true, last: false });
    expect(ids(first.items)).toEqual(all.slice(0, 3));
    const second = await page({ ...SEMESTER, page: 1, size: 3 });
    expect(second).toMatchObject({ page: 1, totalItems: 4, first: false, last: true });
    expect(ids(second.items)).toEqual(all.slice(3));
    expect(ids((await page({ ...SEMESTER, size: 10, direction: 'desc' })).items)).toEqual([...all].reverse());
    // The entries are the registry's own.
    expect(first.items[1]).toEqual((await admin.get(`${OVERRIDES_PATH}?${query(WEEK_2)}`)).body[1]);
  });

  it('filters by action, group, teacher (original or new) and classroom (original or new)', async () => {
    const chosen = async (filter: Record<string, string | number>) => ids((await page({ ...SEMESTER, size: 100, ...filter })).items);
    expect(await chosen({ action: 'CANCEL' })).toEqual([stored.cancelMath.id, stored.cancelLater.id]);
    expect(await chosen({ groupId: groupA })).toEqual([stored.cancelMath.id, stored.moveHist.id, stored.cancelLater.id]);
    expect(await chosen({ teacherId: teacher[3] })).toEqual([stored.replacePhys.id]);
    expect(await chosen({ teacherId: teacher[1] })).toEqual([stored.replacePhys.id, stored.moveHist.id]);
    expect(await chosen({ classroomId: room[0] })).toEqual([stored.cancelMath.id, stored.moveHist.id, stored.cancelLater.id]);
    expect(await chosen({ groupId: w.u.groups[1].id })).toEqual([stored.replacePhys.id]);
    expect(await chosen({ action: 'MOVE', classroomId: room[2] })).toEqual([]);
    expect(await chosen({ query: ` ${w.rules.phys.subjectName.toLocaleUpperCase('ru')}` })).toEqual([stored.replacePhys.id]);
    expect(await chosen({ query: w.u.classrooms[0].name })).toEqual([stored.cancelMath.id, stored.moveHist.id, stored.cancelLater.id]);
    const narrow = await page({ ...WEEK_2, action: 'REPLACE', size: 100 });
    expect(narrow.totalItems).toBe(1);
  });

  it('answers a page 304 while it is unchanged', async () => {
    const params = `${OVERRIDES_PATH}/page?${query({ ...SEMESTER, action: 'CANCEL' })}`;
    const first = await admin.get(params);
    expect(first.status).toBe(200);
    expect((await admin.get(params).set('If-None-Match', first.headers.etag)).status).toBe(304);
    expect((await admin.get(`${OVERRIDES_PATH}/page?${query({ ...SEMESTER, action: 'MOVE' })}`).set('If-None-Match', first.headers.etag)).status).toBe(200);
  });

  it('refuses bad parameters with a Russian message, and readers other than the office', async () => {
    const refused = async (params: Record<string, string | number>) => {
      const response = await admin.get(`${OVERRIDES_PATH}/page?${query(params)}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/[а-я]/);
      return response.body.message as string;
    };
    expect(await refused({ startDate: '2026-09-01' })).toContain('парой дат');
    await refused({ ...SEMESTER, size: 0 });
    await refused({ ...SEMESTER, action: 'DELETE' });
    await refused({ ...SEMESTER, groupId: 'x' });
    await refused({ startDate: '2026-01-01', endDate: '2026-12-31' });
    const { client: teacherClient } = await signedInAs(t, admin, { role: 'TEACHER', departmentId: w.u.department.id });
    expect((await teacherClient.get(`${OVERRIDES_PATH}/page?${query(SEMESTER)}`)).status).toBe(403);
  });
});
