import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { createOverride, LessonBody, query } from './support/override-builders';
import { pdfText } from './support/pdf-text';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const EXPORT = '/api/schedule/export';
/** Week 2 of the autumn semester (it starts on Tuesday 1 September 2026): an even week. */
const WEEK = { startDate: '2026-09-07', endDate: '2026-09-13' };
const WEEK_DAYS = ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-12'];
const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CHANGED_FILL = 'FFFFE699';

type Params = Record<string, string | number | undefined>;
/** The fields of RenderedLessonDto a cell prints. */
type Lesson = LessonBody & { subjectName: string; lessonTypeName: string; teacherName: string; classroomName: string; groupNames: string[]; subgroupNames: string[] };

/** A download's bytes whatever its type (supertest parses only text and JSON by itself). */
function download(client: TenantClient, params: Params): Promise<Response & { body: Buffer }> {
  return client
    .get(`${EXPORT}?${query(params)}`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** What a timetable cell says about a lesson (docs/decisions.md, «Экспорт расписания»), written from the user's side. */
/** «ауд. 1-101»; a room already named «Ауд. 22» is written as it is. */
const roomInText = (name: string) => (/^ауд(\.|итори)/i.test(name) ? name : `ауд. ${name}`);

function expectedLines(lesson: Lesson, kind: 'group' | 'teacher' | 'classroom'): string[] {
  const lines: string[] = [];
  if (lesson.overrideAction === 'MOVE') lines.push(`изм.: перенесено с ${lesson.originalLessonDate?.slice(8, 10)}.${lesson.originalLessonDate?.slice(5, 7)}`);
  if (lesson.overrideAction === 'REPLACE') lines.push('изм.: замена');
  lines.push(`${lesson.subjectName} (${lesson.lessonTypeName.toLowerCase()})`);
  const who = [kind !== 'teacher' ? lesson.teacherName : null, kind !== 'classroom' ? roomInText(lesson.classroomName) : null, lesson.lessonFormat === 'Онлайн' ? 'онлайн' : null];
  lines.push(who.filter(Boolean).join(', '));
  if (kind !== 'group') lines.push(lesson.groupNames.join(', '));
  if (lesson.subgroupNames.length > 0) lines.push(`подгр. ${lesson.subgroupNames.join(', ')}`);
  return lines;
}

const cellOf = (lessons: Lesson[], kind: 'group' | 'teacher' | 'classroom') => lessons.map((lesson) => expectedLines(lesson, kind).join('\n')).join('\n\n');
const text = (cell: ExcelJS.Cell) => csvValue(cell.master.value ?? '');
const squash = (value: string) => value.replace(/\s+/g, ' ');

/** The non-empty texts of a one-column grid, top to bottom (the legend row under the grid left out). */
function gridTexts(ws: ExcelJS.Worksheet): string[] {
  const texts: string[] = [];
  for (let row = 4; text(ws.getCell(row, 1)) !== 'изм.' && row <= ws.rowCount; row++) texts.push(text(ws.getCell(row, 4)));
  return texts.filter(Boolean);
}

/** Splits CSV text (`;`, quotes doubled inside quoted fields, CRLF between records). */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ';') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

/** A JSON value as the CSV writes it: lists joined with «, », null empty. */
function csvValue(value: unknown): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** GET /api/schedule/export (spec 4.5 parameters + format): files parsed back and compared with the views. */
describe('schedule export', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  /** The department's groups in column order (by name). */
  let columns: { id: number; name: string }[];
  let replaced: number;
  /** The academic year's title as the header names it. */
  let YEAR: string;

  const view = async (params: Params): Promise<Lesson[]> => {
    const response = await admin.get(`/api/schedule?${query(params)}`);
    expect(response.status).toBe(200);
    return response.body as Lesson[];
  };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 3, classrooms: 3, subjects: 4 });
    YEAR = u.year.title;
    columns = u.groups.map((group) => ({ id: group.id, name: group.name })).sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id);
    const [first, second, third] = columns.map((group) => group.id);
    const [T0, T1, T2] = u.teachers.map((teacher) => teacher.id);
    const [C0, C1, C2] = u.classrooms.map((room) => room.id);
    const pair = (n: number) => u.timeSlots[n - 1].id;
    // A lecture shared by the first two columns (one merged cell), each group's own lessons, a laboratory in subgroups.
    await createRule(admin, ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [first, second], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: pair(1), teacherId: T0, classroomId: C0 })] }));
    const practice = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [first],
        lectureAcademicHours: 0,
        practiceAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 3, timeSlotId: pair(2), teacherId: T1, classroomId: C1, lessonTypeId: LESSON_TYPES.PRACTICE })],
      }),
    );
    await createRule(admin, ruleBody(u, { subjectId: u.subjects[3].id, groupIds: [second], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 1, timeSlotId: pair(3), teacherId: T2, classroomId: C2, lessonFormat: 'Онлайн' })] }));
    const groupC = u.groups.find((group) => group.id === third) as University['groups'][number];
    const lab = (subgroupId: number, teacherId: number, classroomId: number) =>
      slotBody(u, { dayOfWeek: 4, timeSlotId: pair(1), teacherId, classroomId, lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: [subgroupId] });
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[2].id,
        groupIds: [third],
        lectureAcademicHours: 0,
        laboratoryAcademicHours: 32,
        slots: [lab(groupC.subgroups[0].id, T1, C1), lab(groupC.subgroups[1].id, T2, C2)],
      }),
    );
    // Changed lessons: the practice replaced (another classroom), the online lecture moved to Thursday's 4th pair.
    replaced = (await createOverride(admin, { baseRuleSlotId: practice.slots[0].id, lessonDate: '2026-09-09', action: 'REPLACE', newClassroomId: C2 })).id;
    const online = (await view({ groupId: second, ...WEEK })).find((lesson) => lesson.lessonFormat === 'Онлайн') as Lesson;
    await createOverride(admin, { baseRuleSlotId: online.scheduleRuleSlotId, lessonDate: '2026-09-07', targetLessonDate: '2026-09-10', action: 'MOVE', newTimeSlotId: pair(4) });
  });
  afterAll(() => t.close());

  describe('XLSX', () => {
    it('gives a group week as one column, cell by cell as GET /api/schedule shows it, with the changed lesson marked', async () => {
      const group = columns[0];
      const lessons = await view({ groupId: group.id, ...WEEK });
      expect(lessons.some((lesson) => lesson.scheduleOverrideId === replaced)).toBe(true);
      const response = await download(admin, { groupId: group.id, ...WEEK, format: 'xlsx' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_TYPE);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="schedule-group-${group.id}_2026-09-07_2026-09-13.xlsx"; ` +
          `filename*=UTF-8''${encodeURIComponent(`Расписание ${group.name} 07.09.2026–13.09.2026.xlsx`)}`,
      );
      const workbook = await workbookOf(response.body);
      expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['07.09–13.09']);
      const ws = workbook.worksheets[0];
      expect(text(ws.getCell('A1'))).toBe(`Расписание группы ${group.name}`);
      expect(text(ws.getCell('A2'))).toBe(`07.09.2026 – 13.09.2026 · 2-я неделя, чётная · ${YEAR}, осенний семестр`);
      expect([1, 2, 3, 4].map((c) => text(ws.getCell(3, c)))).toEqual(['День', 'Пара', 'Время', group.name]);
      expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToWidth: 1 });

      // Rows: each weekday times the pairs used this week; every cell holds exactly that pair's lessons.
      const pairs = [...new Set(lessons.map((lesson) => lesson.timeSlotOrder))].sort();
      let row = 4;
      for (const [d, date] of WEEK_DAYS.entries()) {
        for (const pair of pairs) {
          const here = lessons.filter((lesson) => lesson.date === date && lesson.timeSlotOrder === pair);
          expect(text(ws.getCell(row, 1))).toBe(`${DAY_NAMES[d]}\n${date.slice(8, 10)}.${date.slice(5, 7)}.2026`);
          expect(ws.getCell(row, 2).value).toBe(pair);
          expect(text(ws.getCell(row, 3))).toBe(`${u.timeSlots[pair - 1].startTime.slice(0, 5)}–${u.timeSlots[pair - 1].endTime.slice(0, 5)}`);
          expect(text(ws.getCell(row, 4))).toBe(cellOf(here, 'group'));
          const changed = here.some((lesson) => lesson.overrideAction);
          expect((ws.getCell(row, 4).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb === CHANGED_FILL).toBe(changed);
          row++;
        }
      }
      expect(text(ws.getCell(row + 1, 1))).toBe('изм.');
      expect(text(ws.getCell(row + 1, 2))).toMatch(/^изм\. — занятие с разовым изменением/);
      // Wednesday's practice, replaced: its cell is filled and says so first.
      const wednesday = ws.getCell(4 + 2 * pairs.length + pairs.indexOf(2), 4);
      expect(text(wednesday)).toMatch(/^изм\.: замена\n/);
      expect((wednesday.fill as ExcelJS.FillPattern).fgColor?.argb).toBe(CHANGED_FILL);
    });

    it('gives a department week with a column per group, merging a lesson shared by adjacent groups', async () => {
      const response = await download(admin, { departmentId: u.department.id, ...WEEK, format: 'xlsx' });
      expect(response.status).toBe(200);
      const ws = (await workbookOf(response.body)).worksheets[0];
      expect(text(ws.getCell('A1'))).toBe(`Расписание кафедры ${u.department.departmentName}`);
      expect([4, 5, 6].map((c) => text(ws.getCell(3, c)))).toEqual(columns.map((group) => group.name));
      const byGroup = await Promise.all(columns.map((group) => view({ groupId: group.id, ...WEEK })));
      const pairs = [...new Set(byGroup.flat().map((lesson) => lesson.timeSlotOrder))].sort();
      expect(pairs).toEqual([1, 2, 4]); // the online lecture of the 3rd pair moved to Thursday's 4th
      let merged = 0;
      let row = 4;
      for (const date of WEEK_DAYS) {
        for (const pair of pairs) {
          expect(ws.getCell(row, 2).value).toBe(pair);
          const cells = byGroup.map((lessons) => lessons.filter((lesson) => lesson.date === date && lesson.timeSlotOrder === pair));
          cells.forEach((here, column) => {
            const cell = ws.getCell(row, 4 + column);
            expect(text(cell)).toBe(cellOf(here, 'group'));
            // Merged exactly where the left neighbour holds the same (non-empty) lessons.
            const sameAsLeft = column > 0 && here.length > 0 && cellOf(cells[column - 1], 'group') === cellOf(here, 'group');
            expect(cell.master.address !== cell.address).toBe(sameAsLeft);
            if (sameAsLeft) merged++;
          });
          row++;
        }
      }
      expect(merged).toBe(1); // the shared Tuesday lecture
      const tuesdayFirst = ws.getCell(4 + 1 * pairs.length, 5);
      expect(tuesdayFirst.master.address).toBe(ws.getCell(4 + 1 * pairs.length, 4).address);
      expect(text(tuesdayFirst)).toContain(u.subjects[0].name);
      // The moved lecture: on Thursday's 4th pair, marked and filled.
      const moved = ws.getCell(4 + 3 * pairs.length + pairs.indexOf(4), 5);
      expect(text(moved)).toMatch(/^изм\.: перенесено с 07\.09\n/);
      expect((moved.fill as ExcelJS.FillPattern).fgColor?.argb).toBe(CHANGED_FILL);
    });

    it('gives a teacher and a classroom the lessons of their views, with the groups in the cell', async () => {
      const teacherLessons = await view({ teacherId: u.teachers[1].id, ...WEEK });
      const ws = (await workbookOf((await download(admin, { teacherId: u.teachers[1].id, ...WEEK, format: 'xlsx' })).body)).worksheets[0];
      expect(gridTexts(ws)).toEqual(teacherLessons.map((lesson) => cellOf([lesson], 'teacher')));

      const search = await admin.get(`/api/schedule/search?${query({ classroomId: u.classrooms[2].id, ...WEEK })}`);
      const roomWs = (await workbookOf((await download(admin, { classroomId: u.classrooms[2].id, ...WEEK, format: 'xlsx' })).body)).worksheets[0];
      expect(gridTexts(roomWs)).toEqual((search.body as Lesson[]).map((lesson) => cellOf([lesson], 'classroom')));
      expect(text(roomWs.getCell('A1'))).toBe(`Расписание аудитории ${u.classrooms[2].name}`);
    });

    it('puts each week of a longer range on its own worksheet', async () => {
      const response = await download(admin, { groupId: columns[0].id, startDate: '2026-09-09', endDate: '2026-09-22', format: 'xlsx' });
      const workbook = await workbookOf(response.body);
      expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['09.09–13.09', '14.09–20.09', '21.09–22.09']);
      expect(text(workbook.worksheets[1].getCell('A2'))).toBe(`14.09.2026 – 20.09.2026 · 3-я неделя, нечётная · ${YEAR}, осенний семестр`);
      // The first sheet starts on the range's first date, Wednesday.
      expect(text(workbook.worksheets[0].getCell('A4'))).toMatch(/^Среда\n09\.09\.2026/);
    });
  });

  describe('CSV', () => {
    it('is UTF-8 with a BOM and `;`, one row per lesson, in Russian: column names and values («нечётная», «перенос», 07.09.2026)', async () => {
      const lessons = await view({ groupId: columns[1].id, ...WEEK });
      const response = await download(admin, { groupId: columns[1].id, ...WEEK, format: 'csv' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(`filename="schedule-group-${columns[1].id}_2026-09-07_2026-09-13.csv"`);
      expect([...response.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(response.body.toString('utf8').slice(1));
      expect(header).toEqual([
        'Дата', 'День недели', 'Неделя', 'Чётность недели', 'Пара', 'Начало', 'Конец', 'Дисциплина', 'Вид занятия', 'Преподаватель', 'Аудитория', 'Формат',
        'Группы', 'Подгруппы', 'Вид деятельности', 'Часов вида занятия в правиле', 'Часов до занятия', 'Часов останется', 'Изменение', 'Исходная дата', 'Правило №', 'Разовое изменение №',
      ]);
      expect(rows).toHaveLength(lessons.length);
      const at = (row: string[], name: string) => row[header.indexOf(name)];
      rows.forEach((row, index) => {
        const lesson = lessons[index];
        expect(at(row, 'Дата')).toBe(`${lesson.date.slice(8, 10)}.${lesson.date.slice(5, 7)}.${lesson.date.slice(0, 4)}`);
        expect(at(row, 'Чётность недели')).toBe(lesson.parity === 'ODD' ? 'нечётная' : 'чётная');
        expect([at(row, 'Дисциплина'), at(row, 'Преподаватель'), at(row, 'Аудитория'), at(row, 'Группы')]).toEqual([lesson.subjectName, lesson.teacherName, lesson.classroomName, lesson.groupNames.join(', ')]);
        expect(at(row, 'Начало')).toBe(lesson.startTime.slice(0, 5));
      });
      // Week 2 is even; no English code is left anywhere in the file.
      expect(rows.every((row) => at(row, 'Чётность недели') === 'чётная')).toBe(true);
      expect(rows.some((row) => at(row, 'Изменение') === 'перенос')).toBe(true);
      expect(rows.some((row) => at(row, 'Формат') === 'Онлайн')).toBe(true);
      expect(response.body.toString('utf8')).not.toMatch(/\b(ODD|EVEN|MOVE|REPLACE|BOTH)\b/);
    });
  });

  describe('PDF', () => {
    it('prints one A4 landscape page per group with the week, its parity and the subjects in Cyrillic', async () => {
      const response = await download(admin, { departmentId: u.department.id, ...WEEK, format: 'pdf' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = await pdfText(response.body);
      expect(pdf.pages).toHaveLength(columns.length);
      for (const page of pdf.pages) expect([Math.round(page.width), Math.round(page.height)]).toEqual([842, 595]);
      for (const [index, group] of columns.entries()) {
        const page = squash(pdf.pages[index].text);
        expect(page).toContain(`Группа ${group.name} · ${u.department.departmentName}`);
        expect(page).toContain(`07.09.2026 – 13.09.2026 · 2-я неделя, чётная · ${YEAR}, осенний семестр`);
        expect(page).toContain('Понедельник, 07.09');
        for (const lesson of await view({ groupId: group.id, ...WEEK })) expect(page).toContain(squash(lesson.subjectName));
      }
      expect(squash(pdf.pages[0].text)).toContain('изм.: замена');
    });

    it('prints a teacher poster with the teacher name and the groups', async () => {
      const teacher = u.teachers[0];
      const response = await download(admin, { teacherId: teacher.id, ...WEEK, format: 'pdf' });
      const pdf = await pdfText(response.body);
      expect(pdf.pages).toHaveLength(1);
      const page = squash(pdf.pages[0].text);
      expect(page).toContain(`Расписание преподавателя ${teacher.fullName}`);
      expect(page).toContain(u.subjects[0].name);
      expect(page).toContain(`${columns[0].name}, ${columns[1].name}`);
    });
    it('prints one page saying so for a department without active groups', async () => {
      const empty = await createDepartment(admin);
      const response = await download(admin, { departmentId: empty.id, ...WEEK, format: 'pdf' });
      expect(response.status).toBe(200);
      const pdf = await pdfText(response.body);
      expect(pdf.pages).toHaveLength(1);
      expect(squash(pdf.pages[0].text)).toContain(`Расписание кафедры ${empty.departmentName} У кафедры нет действующих групп`);
    });
  });

  describe('roles, tenant and bad parameters', () => {
    it('keeps the department export to the roles and the department of the department schedule', async () => {
      const student = (await signedInAs(t, admin, { role: 'STUDENT', departmentId: u.department.id })).client;
      const forbidden = await download(student, { departmentId: u.department.id, ...WEEK, format: 'csv' });
      expect(forbidden.status).toBe(403);
      expectErrorBody(JSON.parse(forbidden.body.toString('utf8')) as Record<string, unknown>, 403, EXPORT);
      // The student may still export a group's timetable (viewing is open to every role).
      expect((await download(student, { groupId: columns[0].id, ...WEEK, format: 'csv' })).status).toBe(200);

      const office = (await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: u.department.id })).client;
      expect((await download(office, { departmentId: u.department.id, ...WEEK, format: 'xlsx' })).status).toBe(200);
      const foreign = await download(office, { departmentId: u.department.id + 1000, ...WEEK, format: 'xlsx' });
      expect(foreign.status).toBe(403);
      expectErrorBody(JSON.parse(foreign.body.toString('utf8')) as Record<string, unknown>, 403, EXPORT, 'Можно просматривать расписание только своей кафедры');
    });

    it('needs a token of the tenant asked', async () => {
      expect((await download(t.as('alpha'), { groupId: columns[0].id, ...WEEK, format: 'csv' })).status).toBe(401);
      const beta = t.as('beta').withToken(admin.token as string);
      const answer = await download(beta, { groupId: columns[0].id, ...WEEK, format: 'csv' });
      expect(answer.status).toBe(401);
      expect(answer.body.toString('utf8')).not.toContain(columns[0].name);
    });

    it.each([
      ['an unknown format', { groupId: 'G', format: 'docx' }, /^Поле «format» должно иметь одно из значений: xlsx, pdf, csv/],
      ['no format', { groupId: 'G' }, /«format»/],
      ['no target', { format: 'xlsx' }, 'Укажите ровно один из параметров: groupId, teacherId, classroomId или departmentId'],
      ['two targets', { groupId: 'G', teacherId: 'T', format: 'xlsx' }, 'Укажите ровно один из параметров: groupId, teacherId, classroomId или departmentId'],
      ['a bad id', { groupId: 'abc', format: 'pdf' }, /«groupId»/],
    ])('refuses %s with a Russian 400', async (_name, params, message) => {
      const ids: Params = { ...params, ...WEEK };
      if (ids.groupId === 'G') ids.groupId = columns[0].id;
      if (ids.teacherId === 'T') ids.teacherId = u.teachers[0].id;
      const response = await download(admin, ids);
      expect(response.status).toBe(400);
      expect(response.headers['content-disposition']).toBeUndefined();
      expectErrorBody(JSON.parse(response.body.toString('utf8')) as Record<string, unknown>, 400, EXPORT, message);
    });

    it.each([
      ['201 dates', { startDate: '2026-09-01', endDate: '2027-03-20' }],
      ['an end before the start', { startDate: '2026-09-13', endDate: '2026-09-07' }],
      ['an impossible date', { startDate: '2026-02-30', endDate: '2026-03-01' }],
    ])('answers %s as GET /api/schedule does', async (_name, range) => {
      const viewing = await admin.get(`/api/schedule?${query({ groupId: columns[0].id, ...range })}`);
      const response = await download(admin, { groupId: columns[0].id, ...range, format: 'xlsx' });
      expect(response.status).toBe(400);
      const body = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
      expectErrorBody(body, 400, EXPORT, (viewing.body as { message: string }).message);
    });

    it('answers unknown targets with the views’ 404 and 400', async () => {
      const group = await download(admin, { groupId: 999999, ...WEEK, format: 'pdf' });
      expect(group.status).toBe(404);
      expectErrorBody(JSON.parse(group.body.toString('utf8')) as Record<string, unknown>, 404, EXPORT, 'Группа не найдена');
      const teacher = await download(admin, { teacherId: 999999, ...WEEK, format: 'pdf' });
      expectErrorBody(JSON.parse(teacher.body.toString('utf8')) as Record<string, unknown>, 404, EXPORT, 'Преподаватель не найден');
      const room = await download(admin, { classroomId: 999999, ...WEEK, format: 'pdf' });
      expectErrorBody(JSON.parse(room.body.toString('utf8')) as Record<string, unknown>, 404, EXPORT, 'Аудитория не найдена');
      const department = await download(admin, { departmentId: 999999, ...WEEK, format: 'pdf' });
      expectErrorBody(JSON.parse(department.body.toString('utf8')) as Record<string, unknown>, 400, EXPORT, 'Кафедра не найдена');
    });
  });
});
