import { createCalendar, insertYear, YearRow } from './support/calendar-builders';
import { createDepartment, DepartmentBody } from './support/factories';
import { createGroup, createStudySetup, currentAcademicYear, GroupBody, StudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const YEAR = currentAcademicYear();

/**
 * A group graduates after the course count of its academic calendar (the calendar assigned for its
 * latest academic year), not after a fixed six courses; a group with no calendar keeps six.
 */
describe('group study state from the calendar course count (2 Group, 4.19)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let dep: DepartmentBody;
  /** Last academic year, when every group below still studied; and the one before it. */
  let lastYear: YearRow;
  let yearBefore: YearRow;
  /** One specialty/profile/form per programme, so each has its own calendars. */
  const setup: Record<'four' | 'six' | 'eight', StudySetup> = {} as never;
  const calendar: Record<string, number> = {};
  const g: Record<string, GroupBody> = {};

  const calendarOf = async (programme: keyof typeof setup, year: YearRow, courseCount: number) =>
    (
      await createCalendar(admin, {
        academicYearId: year.id,
        specialtyId: setup[programme].specialty.id,
        specialtyProfileId: setup[programme].profile.id,
        studyFormId: setup[programme].form.id,
        courseCount,
      })
    ).id;
  const assign = async (group: GroupBody, year: YearRow, calendarId: number) => {
    const response = await admin.put(`/api/groups/${group.id}/calendar-assignments`, { academicYearId: year.id, calendarId });
    expect(response.status).toBe(200);
  };
  const all = async (): Promise<Map<number, GroupBody>> => {
    const response = await admin.get('/api/groups?includeArchived=true');
    expect(response.status).toBe(200);
    return new Map((response.body as GroupBody[]).map((group) => [group.id, group]));
  };
  const idsOf = async (path: string): Promise<number[]> => {
    const response = await admin.get(path);
    expect(response.status).toBe(200);
    const body = response.body as GroupBody[] | { items: GroupBody[] };
    return (Array.isArray(body) ? body : body.items).map((group) => group.id).sort((x, y) => x - y);
  };
  const ids = (...keys: string[]) => keys.map((key) => g[key].id).sort((x, y) => x - y);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    dep = await createDepartment(admin, { departmentName: 'Кафедра выпусков' });
    lastYear = await insertYear(t, YEAR - 1);
    yearBefore = await insertYear(t, YEAR - 2);
    setup.four = await createStudySetup(admin, dep);
    setup.six = await createStudySetup(admin, dep);
    setup.eight = await createStudySetup(admin, dep);
    calendar.four = await calendarOf('four', lastYear, 4);
    calendar.fourBefore = await calendarOf('four', yearBefore, 6);
    calendar.six = await calendarOf('six', lastYear, 6);
    calendar.eight = await calendarOf('eight', lastYear, 8);

    // Fourth and fifth years of a four-course programme (courses 3 and 4 last year).
    g.fourth4 = await createGroup(admin, setup.four, { name: 'Бак-4', yearStartStudy: YEAR - 3 });
    g.fifth4 = await createGroup(admin, setup.four, { name: 'Бак-5', yearStartStudy: YEAR - 4 });
    // Fifth year of a six-course programme; seventh year of an eight-course one.
    g.fifth6 = await createGroup(admin, setup.six, { name: 'Спец-5', yearStartStudy: YEAR - 4 });
    g.seventh8 = await createGroup(admin, setup.eight, { name: 'Мед-7', yearStartStudy: YEAR - 6 });
    // Without any calendar: six courses, as before.
    g.fifthNone = await createGroup(admin, setup.four, { name: 'Без-5', yearStartStudy: YEAR - 4 });
    g.seventhNone = await createGroup(admin, setup.four, { name: 'Без-7', yearStartStudy: YEAR - 6 });
    // Six courses planned the year before, four courses in the latest calendar.
    g.replanned = await createGroup(admin, setup.four, { name: 'Перепл-5', yearStartStudy: YEAR - 4 });

    await assign(g.fourth4, lastYear, calendar.four);
    await assign(g.fifth6, lastYear, calendar.six);
    await assign(g.seventh8, lastYear, calendar.eight);
    await assign(g.replanned, yearBefore, calendar.fourBefore);
    await assign(g.replanned, lastYear, calendar.four);
  });
  afterAll(() => t.close());

  it('keeps the default of six courses until a calendar is assigned, then graduates after four', async () => {
    expect((await all()).get(g.fifth4.id)).toMatchObject({ course: 5, studyState: 'ACTIVE', active: true });
    await assign(g.fifth4, lastYear, calendar.four);
    expect((await all()).get(g.fifth4.id)).toMatchObject({ course: 5, studyState: 'GRADUATED', studyStateName: 'Выпущена', active: false });
  });

  it('derives every group’s state from its own calendar', async () => {
    const groups = await all();
    const state = (key: string) => {
      const group = groups.get(g[key].id)!;
      return [group.course, group.studyState, group.active];
    };
    expect(state('fourth4')).toEqual([4, 'ACTIVE', true]);
    expect(state('fifth4')).toEqual([5, 'GRADUATED', false]);
    expect(state('fifth6')).toEqual([5, 'ACTIVE', true]);
    expect(state('seventh8')).toEqual([7, 'ACTIVE', true]);
    expect(state('fifthNone')).toEqual([5, 'ACTIVE', true]);
    expect(state('seventhNone')).toEqual([7, 'GRADUATED', false]);
    expect(state('replanned')).toEqual([5, 'GRADUATED', false]);
  });

  it('lists, pages and offers exactly the groups that are not graduated by that rule', async () => {
    const studying = ids('fourth4', 'fifth6', 'seventh8', 'fifthNone');
    expect(await idsOf('/api/groups')).toEqual(studying);
    expect(await idsOf(`/api/groups/${dep.id}`)).toEqual(studying);
    expect(await idsOf(`/api/groups/page?departmentId=${dep.id}&size=100`)).toEqual(studying);
    expect(await idsOf(`/api/groups/options?departmentId=${dep.id}&limit=50`)).toEqual(studying);
    const page = await admin.get(`/api/groups/page?departmentId=${dep.id}&size=2`);
    expect(page.body).toMatchObject({ totalItems: studying.length, totalPages: 2 });
  });
});
