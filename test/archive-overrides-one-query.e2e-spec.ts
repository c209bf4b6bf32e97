import { performance } from 'node:perf_hooks';
import { standServiceAt } from './support/clock';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { createOverride } from './support/override-builders';
import { createRule, createUniversity, LESSON_TYPES, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Archiving a teacher who gives 40 rules (issue 53): which rules end and which one-off changes go with
 * them is planned with one statement for the one-off changes of all those rules, not one per rule, so
 * the preview reads one-off changes as often for 40 rules as for 4. The service stands on Thursday
 * 1 October 2026, 12:00 in Moscow; the semester began on 1 September.
 */
const TOMORROW = '2026-10-02';
const BUSY = 40;
const FEW = 4;

interface Ending {
  ruleId: number;
  scope: 'RULE' | 'SLOTS';
  droppedOverrides: { overrideId: number; lessonDate: string }[];
}

/** The statements reading one-off changes (`FROM schedule_overrides`) the application sends while `work` runs. */
async function overrideReads(work: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.filter(([sql]) => typeof sql === 'string' && /FROM schedule_overrides/.test(sql)).length;
  } finally {
    spy.mockRestore();
  }
}

describe('archiving a teacher of many rules plans their one-off changes in one statement', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  const overridesOf = new Map<number, number>();

  /** `count` rules of one teacher, each on a cell of its own (day 1–6, pair 1–4, odd or even weeks), each with a cancellation ahead. */
  async function rulesOf(teacherIndex: number, roomIndex: number, count: number, firstSubject: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      const rule = await createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[firstSubject + index].id,
          groupIds: [u.groups[teacherIndex].id],
          lectureAcademicHours: 8,
          slots: [
            slotBody(u, {
              dayOfWeek: (index % 6) + 1,
              timeSlotId: u.timeSlots[Math.floor(index / 6) % 4].id,
              parity: index < 24 ? 'ODD' : 'EVEN',
              teacherId: u.teachers[teacherIndex].id,
              classroomId: u.classrooms[roomIndex].id,
              lessonTypeId: LESSON_TYPES.LECTURE,
            }),
          ],
        }),
      );
      const lessons = (await admin.get(`/api/schedule?groupId=${u.groups[teacherIndex].id}&startDate=${TOMORROW}&endDate=2026-12-31`)).body as { date: string; scheduleRuleId: number }[];
      const ahead = lessons.find((lesson) => lesson.scheduleRuleId === rule.id) as { date: string };
      const override = await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: ahead.date, action: 'CANCEL' });
      overridesOf.set(rule.id, override.id);
      ids.push(rule.id);
    }
    return ids;
  }

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 2, classrooms: 2, subjects: BUSY + FEW });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('previews 40 rules reading their one-off changes as often as for 4, naming every one-off change that goes, and the archive ends them all', async () => {
    const busy = await rulesOf(0, 0, BUSY, 0);
    const few = await rulesOf(1, 1, FEW, BUSY);
    const preview = async (teacherIndex: number) => {
      const response = await admin.get(`${RULES_PATH}/archive-preview?teacherId=${u.teachers[teacherIndex].id}&effectiveFrom=${TOMORROW}`);
      expect(response.status).toBe(200);
      return (response.body as { endedRules: Ending[] }).endedRules;
    };
    // Warm once, then count: the reads of one-off changes do not grow with the rules that end (one for all).
    await preview(0);
    await preview(1);
    const statementsForBusy = await overrideReads(() => preview(0));
    const statementsForFew = await overrideReads(() => preview(1));
    expect(statementsForBusy).toBe(statementsForFew);

    const listed = await preview(0);
    expect(listed.map((item) => item.ruleId).sort((a, b) => a - b)).toEqual(busy);
    for (const item of listed) expect([item.ruleId, item.scope, item.droppedOverrides.map((override) => override.overrideId)]).toEqual([item.ruleId, 'RULE', [overridesOf.get(item.ruleId)]]);

    // The figure for docs/performance.md (printed only when asked): the preview's time for 40 rules and for 4.
    if (process.env.MEASURE_ARCHIVE) {
      const median = async (teacherIndex: number) => {
        const times: number[] = [];
        for (let round = 0; round < 9; round++) {
          const start = performance.now();
          await preview(teacherIndex);
          times.push(performance.now() - start);
        }
        return times.sort((a, b) => a - b)[4];
      };
      process.stdout.write(`archive-preview: ${BUSY} rules ${(await median(0)).toFixed(1)} ms, ${FEW} rules ${(await median(1)).toFixed(1)} ms, one-off change reads ${statementsForBusy}/${statementsForFew}\n`);
    }

    const archived = await admin.delete(`/api/users/${u.teachers[0].id}?effectiveFrom=${TOMORROW}`);
    expect(archived.status).toBe(200);
    const ended = (archived.body as { endedRules: Ending[] }).endedRules;
    expect(ended).toHaveLength(BUSY);
    expect(ended.flatMap((item) => item.droppedOverrides)).toHaveLength(BUSY);
    const left = await t.sql<{ n: number }>('alpha', `SELECT count(*)::int AS n FROM schedule_overrides WHERE id = ANY($1::int[])`, [busy.map((id) => overridesOf.get(id))]);
    expect(left).toEqual([{ n: 0 }]);
    // The other teacher's rules and one-off changes are untouched.
    const kept = await t.sql<{ n: number }>('alpha', `SELECT count(*)::int AS n FROM schedule_overrides WHERE id = ANY($1::int[])`, [few.map((id) => overridesOf.get(id))]);
    expect(kept).toEqual([{ n: FEW }]);
  });
});
