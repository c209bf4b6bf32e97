import { Client as PgClient } from 'pg';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { SnapshotLoader } from '../src/schedule/viewing/snapshot/snapshot-loader';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { testServer } from './support/test-database';
import { buildSmallUniversity, query, SmallUniversity, ViewingWorld } from './support/viewing-builders';

interface Lesson {
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  date: string;
  [field: string]: unknown;
}

const SEMESTER = { startDate: '2026-09-01', endDate: '2026-12-31' };
const WEEK_2 = { startDate: '2026-09-07', endDate: '2026-09-13' };

/**
 * The viewing snapshots: one query per warm request, a fixed number when cold, and every committed
 * change of schedule data seen by the next request (the data stamp), per tenant.
 */
describe('schedule viewing cache and data stamp', () => {
  let t: TestApp;
  let w: ViewingWorld;
  let u: SmallUniversity;
  let alpha: TenantClient;
  let beta: TenantClient;

  const view = async (params: Record<string, string | number>, client = alpha): Promise<Lesson[]> => {
    const response = await client.get(`/api/schedule?${query(params)}`);
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Lesson[];
  };
  const groupWeek = () => view({ groupId: u.groups.ivt101, ...WEEK_2 });

  /** The number of SQL statements the application sends while `work` runs. */
  async function countQueries(work: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
    w = new ViewingWorld(t);
    u = await buildSmallUniversity(w);
    // The same university in beta (same ids), except that its mathematics is called differently.
    const wb = new ViewingWorld(t, 'beta');
    await buildSmallUniversity(wb);
    await wb.sql(`UPDATE subjects SET name = 'Высшая математика' WHERE name = 'Математика'`);
    alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    beta = await t.as('beta').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  describe('the data stamp', () => {
    it('grows once per committed transaction that touches schedule data, never on rollback or other tables', async () => {
      const start = await w.stamp();
      await w.sql(`UPDATE classrooms SET capacity = capacity WHERE id = $1`, [u.rooms.r101]);
      expect(await w.stamp()).toBe(start + 1);
      await w.sql(
        `BEGIN;
         UPDATE subjects SET name = name;
         UPDATE study_groups SET name = name;
         INSERT INTO subgroups (group_id, name, student_capacity) VALUES (${u.groups.ivt102}, 'Временная', 1);
         COMMIT`,
      );
      expect(await w.stamp()).toBe(start + 2);
      await w.sql(`BEGIN; UPDATE schedule_rules SET practice_hours = practice_hours; ROLLBACK`);
      expect(await w.stamp()).toBe(start + 2);
      await w.sql(`DELETE FROM subgroups WHERE name = 'Временная'`);
      expect(await w.stamp()).toBe(start + 3);
      // A statement that changes no row, and tables that do not affect lessons, leave it alone.
      await w.sql(`UPDATE schedule_rule_slots SET parity = parity WHERE id = -1`);
      await w.sql(`DELETE FROM login_throttle`);
      await w.sql(`UPDATE equipments SET name = name`);
      expect(await w.stamp()).toBe(start + 3);
    });

    it('cannot hold a second row', async () => {
      await expect(w.sql(`INSERT INTO schedule_data_stamp (id, stamp) VALUES (2, 1)`)).rejects.toThrow(/ck_schedule_data_stamp_single_row/);
    });
  });

  describe('queries per request', () => {
    it('a warm request costs one query (the stamp), whatever the range', async () => {
      const requests = [
        groupWeek,
        () => view({ groupId: u.groups.ivt101, ...SEMESTER }),
        () => view({ teacherId: u.teachers.ivanov, startDate: '2026-09-01', endDate: '2027-03-19' }), // two semesters
        () => alpha.get(`/api/schedule/search?${query(SEMESTER)}`).expect(200),
        () => alpha.get(`/api/department/schedule?${query({ ...SEMESTER, departmentId: u.departmentA })}`).expect(200),
      ];
      for (const request of requests) {
        await request(); // the first touch of a semester loads its snapshot
        expect(await countQueries(request)).toBe(1);
      }
    });

    it('a cold request costs a fixed number of queries: the same for a week and a whole semester', async () => {
      await w.sql(`UPDATE classrooms SET capacity = capacity`);
      const week = await countQueries(groupWeek);
      await w.sql(`UPDATE classrooms SET capacity = capacity`);
      const semester = await countQueries(() => view({ teacherId: u.teachers.ivanov, ...SEMESTER }));
      expect(week).toBe(semester);
      expect(week).toBeLessThanOrEqual(9);
    });

    it('concurrent requests after a change share one load', async () => {
      const loader = t.app.get(SnapshotLoader);
      await w.sql(`UPDATE classrooms SET capacity = capacity`);
      const references = jest.spyOn(loader, 'loadReference');
      const semesters = jest.spyOn(loader, 'loadSemester');
      try {
        const answers = await Promise.all(Array.from({ length: 8 }, () => groupWeek()));
        expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
        expect(references).toHaveBeenCalledTimes(1);
        expect(semesters).toHaveBeenCalledTimes(1);
      } finally {
        references.mockRestore();
        semesters.mockRestore();
      }
    });
  });

  describe('invalidation: the next view shows every committed change', () => {
    it('a slot moved to another room, a renamed teacher and group', async () => {
      const [lecture] = await groupWeek();
      expect(lecture).toMatchObject({ scheduleRuleSlotId: u.rules.math.slotIds[0], classroomName: '101', teacherName: 'Иванов Иван Иванович' });
      await w.sql(`UPDATE schedule_rule_slots SET classroom_id = $2 WHERE id = $1`, [u.rules.math.slotIds[0], u.rooms.lab1]);
      await w.sql(`UPDATE users SET full_name = 'Иванов-Петров Иван' WHERE id = $1`, [u.teachers.ivanov]);
      await w.sql(`UPDATE study_groups SET name = 'ИВТ-101а' WHERE id = $1`, [u.groups.ivt101]);
      const [changed] = await groupWeek();
      expect(changed).toMatchObject({
        classroomId: u.rooms.lab1,
        classroomName: 'Лаб-1',
        teacherName: 'Иванов-Петров Иван',
        groupNames: ['ИВТ-101а', 'ИВТ-102'],
      });
      await w.sql(`UPDATE schedule_rule_slots SET classroom_id = $2 WHERE id = $1`, [u.rules.math.slotIds[0], u.rooms.r101]);
      await w.sql(`UPDATE users SET full_name = 'Иванов Иван Иванович' WHERE id = $1`, [u.teachers.ivanov]);
      await w.sql(`UPDATE study_groups SET name = 'ИВТ-101' WHERE id = $1`, [u.groups.ivt101]);
      expect((await groupWeek())[0]).toMatchObject({ classroomName: '101', teacherName: 'Иванов Иван Иванович', groupNames: ['ИВТ-101', 'ИВТ-102'] });
    });

    it('an archived rule disappears, and comes back when restored', async () => {
      const histOf = async () => (await groupWeek()).filter((lesson) => lesson.scheduleRuleId === u.rules.hist.id).map((lesson) => lesson.date);
      expect(await histOf()).toEqual(['2026-09-11']);
      await w.sql(`UPDATE schedule_rules SET status = 'ARCHIVED', archived_at = now() WHERE id = $1`, [u.rules.hist.id]);
      expect(await histOf()).toEqual([]);
      await w.sql(`UPDATE schedule_rules SET status = 'ACTIVE', archived_at = NULL WHERE id = $1`, [u.rules.hist.id]);
      expect(await histOf()).toEqual(['2026-09-11']);
    });

    it('publishing another version switches the rules viewers see', async () => {
      const mondays = { groupId: u.groups.ivt101, startDate: '2026-09-07', endDate: '2026-09-07' };
      expect(await view(mondays)).toEqual([]);
      await w.sql(
        `BEGIN;
         UPDATE schedule_versions SET status = 'ARCHIVED' WHERE id = ${u.autumn.versionId};
         UPDATE schedule_versions SET status = 'PUBLISHED' WHERE id = ${u.draftVersionId};
         COMMIT`,
      );
      expect((await view(mondays)).map((lesson) => lesson.scheduleRuleId)).toEqual([u.draftRule.id]);
      expect(await view({ groupId: u.groups.ivt102, ...SEMESTER })).toEqual([]);
      await w.sql(
        `BEGIN;
         UPDATE schedule_versions SET status = 'DRAFT' WHERE id = ${u.draftVersionId};
         UPDATE schedule_versions SET status = 'PUBLISHED' WHERE id = ${u.autumn.versionId};
         COMMIT`,
      );
      expect(await view(mondays)).toEqual([]);
    });

    it('a holiday added to the calendar shifts the hours accounting', async () => {
      const lectures = async () =>
        (await view({ groupId: u.groups.ivt102, ...SEMESTER }))
          .filter((lesson) => lesson.lessonTypeId === 1)
          .map((lesson) => [lesson.date, lesson.consumedLessonTypeAcademicHoursBeforeLesson]);
      expect(await lectures()).toEqual([
        ['2026-09-01', 0],
        ['2026-09-08', 2],
        ['2026-09-15', 4],
        ['2026-09-29', 6],
      ]);
      const holiday = await w.activityId('К');
      await w.sql(
        `BEGIN;
         UPDATE academic_calendar_periods SET end_date = '2026-09-14' WHERE calendar_id = ${u.calendarId} AND start_date = '2026-09-01';
         INSERT INTO academic_calendar_periods (calendar_id, course_number, start_date, end_date, activity_type_id)
              VALUES (${u.calendarId}, 1, '2026-09-15', '2026-09-15', ${holiday});
         INSERT INTO academic_calendar_periods (calendar_id, course_number, start_date, end_date, activity_type_id)
              SELECT ${u.calendarId}, 1, '2026-09-16', '2026-09-20', id FROM activity_types WHERE code = 'Т';
         COMMIT`,
      );
      expect(await lectures()).toEqual([
        ['2026-09-01', 0],
        ['2026-09-08', 2],
        ['2026-09-29', 4],
        ['2026-10-06', 6],
      ]);
    });

    it('a change committed while a snapshot loads makes the request start again on the new data', async () => {
      const loader = t.app.get(SnapshotLoader);
      await w.sql(`UPDATE classrooms SET capacity = capacity`);
      const load = loader.loadSemester.bind(loader);
      const spy = jest.spyOn(loader, 'loadSemester').mockImplementationOnce(async (semester) => {
        const snapshot = await load(semester);
        await w.sql(`UPDATE classrooms SET name = 'Аудитория 101' WHERE id = $1`, [u.rooms.r101]);
        return snapshot;
      });
      try {
        const [lecture] = await groupWeek();
        expect(lecture.classroomName).toBe('Аудитория 101');
        expect(spy).toHaveBeenCalledTimes(2);
      } finally {
        spy.mockRestore();
        await w.sql(`UPDATE classrooms SET name = '101' WHERE id = $1`, [u.rooms.r101]);
      }
    });
  });

  describe('busy writers', () => {
    it('answers every read with 200 from one consistent state while the schedule data changes all the time', async () => {
      const expected = await view({ groupId: u.groups.ivt101, ...SEMESTER });
      // Writers: three connections committing schedule-relevant updates back to back (each bumps the
      // data stamp), so nearly every snapshot load sees the data change under it.
      const writers = [1, 2, 3].map(() => new PgClient({ ...testServer(), database: t.databases.alpha }));
      await Promise.all(writers.map((client) => client.connect()));
      let writing = true;
      let writes = 0;
      const writer = async (client: PgClient) => {
        while (writing) {
          await client.query(`UPDATE classrooms SET capacity = capacity WHERE id = (SELECT min(id) FROM classrooms)`);
          writes++;
        }
      };
      const writing$ = Promise.all(writers.map(writer));
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      const reader = async () => {
        const until = Date.now() + 2500;
        while (Date.now() < until) {
          const response = await alpha.get(`/api/schedule?${query({ groupId: u.groups.ivt101, ...SEMESTER })}`);
          statuses.push(response.status);
          if (response.status === 200) bodies.push(response.body);
        }
      };
      try {
        await Promise.all(Array.from({ length: 8 }, reader));
      } finally {
        writing = false;
        await writing$;
        await Promise.all(writers.map((client) => client.end()));
      }
      expect(writes).toBeGreaterThan(100);
      expect(statuses.length).toBeGreaterThan(8);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // The writes never change a lesson: every answer is the same timetable.
      for (const body of bodies) expect(body).toEqual(expected);
    });
  });

  describe('tenants', () => {
    it('keeps each tenant’s snapshots apart, even with the same ids', async () => {
      const mine = await view({ groupId: u.groups.ivt101, ...WEEK_2 });
      const theirs = await view({ groupId: u.groups.ivt101, ...WEEK_2 }, beta);
      expect(mine.map((lesson) => lesson.date)).toEqual(theirs.map((lesson) => lesson.date));
      expect(mine.find((lesson) => lesson.scheduleRuleId === u.rules.math.id)?.subjectName).toBe('Математика');
      expect(theirs.find((lesson) => lesson.scheduleRuleId === u.rules.math.id)?.subjectName).toBe('Высшая математика');
      // A change in beta does not reach alpha's answer.
      await t.sql('beta', `UPDATE subjects SET name = 'Физика (бета)' WHERE name = 'Физика'`);
      expect((await view({ groupId: u.groups.ivt101, ...WEEK_2 }, beta)).some((lesson) => lesson.subjectName === 'Физика (бета)')).toBe(true);
      expect((await view({ groupId: u.groups.ivt101, ...WEEK_2 })).some((lesson) => lesson.subjectName === 'Физика')).toBe(true);
    });
  });
});
