import { createGroup, createStudySetup, groupRequest, StudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Issue 55: a student finds the group however its name is typed: words in any order («231 физ»),
 * and in Latin letters of the passport (ICAO Doc 9303) or GOST 7.79 B spelling («fiz231», «ivt-261»,
 * «khim» / «xim»). Every group picker asks `/api/groups/options`; the list page searches the same way.
 */
describe('group search in any order and in Latin letters (issue 55)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let setup: StudySetup;
  const NAMES = ['ФИЗ-231', 'ФИЗ-232', 'ИВТ-261', 'ХИМ-12', 'ЖУР-11', 'ЦИФ-1', 'ЩИТ-5', 'ЯЗ-3', 'ЁЛК-2', 'Мех.мат 4'];

  const found = async (query: string) =>
    ((await admin.get(`/api/groups/options?query=${encodeURIComponent(query)}`).expect(200)).body as { name: string }[]).map((group) => group.name);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    setup = await createStudySetup(admin);
    // Specialty and profile names that no query below contains, so only the group names answer.
    for (const name of NAMES) await createGroup(admin, setup, { name });
  });
  afterAll(() => t?.close());

  it.each([
    ['231 физ', ['ФИЗ-231']],
    ['физ 231', ['ФИЗ-231']],
    ['fiz231', ['ФИЗ-231']],
    ['FIZ-231', ['ФИЗ-231']],
    ['231 fiz', ['ФИЗ-231']],
    ['fiz', ['ФИЗ-231', 'ФИЗ-232']],
    ['ivt-261', ['ИВТ-261']],
    ['IVT 261', ['ИВТ-261']],
    ['khim', ['ХИМ-12']],
    ['xim-12', ['ХИМ-12']],
    ['zhur', ['ЖУР-11']],
    ['tsif', ['ЦИФ-1']],
    ['cif1', ['ЦИФ-1']],
    ['shchit', ['ЩИТ-5']],
    ['shhit 5', ['ЩИТ-5']],
    ['iaz3', ['ЯЗ-3']],
    ['yaz-3', ['ЯЗ-3']],
    ['елк', ['ЁЛК-2']],
    ['mekh mat', ['Мех.мат 4']],
    ['4 мехмат', ['Мех.мат 4']],
  ])('«%s» finds %j', async (query, names) => {
    expect(await found(query)).toEqual(names);
  });

  it('finds nothing where a word matches no group, and the list page searches the same way', async () => {
    expect(await found('fiz 999')).toEqual([]);
    expect(await found('ivt 231')).toEqual([]);
    const page = (await admin.get(`/api/groups/page?query=${encodeURIComponent('261 ivt')}`).expect(200)).body as { items: { name: string }[] };
    expect(page.items.map((group) => group.name)).toEqual(['ИВТ-261']);
  });

  it('keeps the search key with the name: a renamed group is found by its new name only', async () => {
    const [group] = await t.sql<{ id: number }>('alpha', `SELECT id FROM study_groups WHERE name = 'ФИЗ-232'`);
    await admin.put(`/api/groups/${group.id}`, groupRequest(setup, { name: 'БИО-232' })).expect(200);
    expect(await found('bio232')).toEqual(['БИО-232']);
    expect(await found('fiz232')).toEqual([]);
    const [row] = await t.sql<{ search_key: string }>('alpha', 'SELECT search_key FROM study_groups WHERE id = $1', [group.id]);
    expect(row.search_key).toBe('био232 bio232 bio232');
  });
});
