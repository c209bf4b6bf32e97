import { ABSENCES_PATH, createAbsence } from './support/absence-builders';
import { CHANGE_REQUESTS_PATH, submitRequest } from './support/change-request-builders';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { PASSWORD } from './support/factories';
import { buildOverrideWorld, OverrideWorld, OVERRIDES_PATH, slotsOf } from './support/override-builders';
import { ClassroomBody, createClassroom, createEquipment } from './support/resource-builders';
import { LESSON_TYPES } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

// Every lesson of the test semester is still ahead.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

/**
 * Issue 55: the spec counts seats and equipment as quality, not as refusals, so a one-off change into
 * a room with fewer seats than the lesson's students (or without the subject's equipment) is saved,
 * and the answer carries `warnings: [{code, message}]`: on one-off changes, on a change request's
 * application and on an absence's decisions. Group A has 24 students (subgroups of 12); room 1-105
 * seats 10, room 1-200 seats 100 and has no oscilloscope, which the labs need.
 */
describe('room warnings on changed lessons (issue 55)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let slot: ReturnType<typeof slotsOf>;
  let small: ClassroomBody;
  let big: ClassroomBody;

  const TOO_SMALL = { code: 'ROOM_TOO_SMALL', message: 'В аудитории 1-105 10 мест, а на занятии 24 студента' };
  const overrideCount = async () => Number((await t.sql<{ n: string }>('alpha', 'SELECT count(*) AS n FROM schedule_overrides'))[0].n);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    slot = slotsOf(w);
    small = await createClassroom(admin, { name: '1-105', capacity: 10 });
    big = await createClassroom(admin, { name: '1-200', capacity: 100 });
    const oscilloscope = await createEquipment(admin, 'Осциллограф');
    await admin.put(`/api/classrooms/${w.u.classrooms[2].id}`, { equipmentIds: [oscilloscope.id] }).expect(200);
    await admin.put(`/api/subjects/${w.rules.labs.subjectId}/equipment`, { requirements: [{ lessonTypeId: LESSON_TYPES.LABORATORY, equipmentIds: [oscilloscope.id] }] }).expect(200);
  });
  afterAll(() => t?.close());

  describe('one-off changes', () => {
    it('saves a change into a smaller room and warns, naming the seats and the students; a room that fits warns of nothing', async () => {
      const before = await overrideCount();
      const saved = await admin.post(OVERRIDES_PATH, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newClassroomId: small.id }).expect(200);
      expect(saved.body).toMatchObject({ action: 'REPLACE', newClassroomId: small.id, warnings: [TOO_SMALL] });
      expect(await overrideCount()).toBe(before + 1);
      // The same change moved to a room that fits: no warning.
      const fits = await admin.put(`${OVERRIDES_PATH}/${saved.body.id}`, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newClassroomId: big.id }).expect(200);
      expect(fits.body.warnings).toEqual([]);
      // And back to the small one through an update.
      const back = await admin.put(`${OVERRIDES_PATH}/${saved.body.id}`, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newClassroomId: small.id }).expect(200);
      expect(back.body.warnings).toEqual([TOO_SMALL]);
      // The registry reads the change as before, without warnings.
      expect((await admin.get(`${OVERRIDES_PATH}?startDate=2026-09-08&endDate=2026-09-08`).expect(200)).body[0].warnings).toBeUndefined();
    });

    it('warns on a move into a smaller room too, and not on a move that keeps a room that fits, an online lesson or a substitute teacher', async () => {
      const moved = await admin
        .post(OVERRIDES_PATH, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'MOVE', newTimeSlotId: w.pairs[2].id, newClassroomId: small.id })
        .expect(200);
      expect(moved.body.warnings).toEqual([TOO_SMALL]);
      const kept = await admin.post(OVERRIDES_PATH, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'MOVE', newTimeSlotId: w.pairs[2].id }).expect(200);
      expect(kept.body.warnings).toEqual([]);
      const online = await admin
        .post(OVERRIDES_PATH, { baseRuleSlotId: slot.hist, lessonDate: '2026-09-02', action: 'REPLACE', newLessonFormat: 'Онлайн', newClassroomId: small.id })
        .expect(200);
      expect(online.body.warnings).toEqual([]);
      const substitute = await admin.post(OVERRIDES_PATH, { baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', action: 'REPLACE', newTeacherId: w.u.teachers[4].id }).expect(200);
      expect(substitute.body.warnings).toEqual([]);
    });

    it('warns of missing equipment for the subject’s lessons of that type (a subgroup of 12 fits 1-200)', async () => {
      const saved = await admin.post(OVERRIDES_PATH, { baseRuleSlotId: slot.labA1, lessonDate: '2026-09-03', action: 'REPLACE', newClassroomId: big.id }).expect(200);
      expect(saved.body.warnings).toEqual([{ code: 'ROOM_LACKS_EQUIPMENT', message: 'В аудитории 1-200 нет оборудования «Осциллограф»' }]);
      const both = await admin.post(OVERRIDES_PATH, { baseRuleSlotId: slot.labA1, lessonDate: '2026-09-10', action: 'REPLACE', newClassroomId: small.id }).expect(200);
      expect(both.body.warnings).toEqual([
        { code: 'ROOM_TOO_SMALL', message: 'В аудитории 1-105 10 мест, а на занятии 12 студентов' },
        { code: 'ROOM_LACKS_EQUIPMENT', message: 'В аудитории 1-105 нет оборудования «Осциллограф»' },
      ]);
    });
  });

  it('warns when the office applies a teacher’s request for a smaller room; a rejection warns of nothing', async () => {
    const teacher = await t.as('alpha').login(w.u.teachers[0].username, PASSWORD);
    const request = await submitRequest(teacher, { baseRuleSlotId: slot.math, lessonDate: '2026-09-29', requestType: 'CHANGE_CLASSROOM', requestedClassroomId: small.id, reason: 'Нужен проектор' });
    const applied = await admin.post(`${CHANGE_REQUESTS_PATH}/${request.id}/review`, { approved: true }).expect(200);
    expect(applied.body).toMatchObject({ id: request.id, status: 'APPROVED', warnings: [TOO_SMALL] });
    const other = await submitRequest(teacher, { baseRuleSlotId: slot.math, lessonDate: '2026-09-01', requestType: 'CHANGE_CLASSROOM', requestedClassroomId: small.id, reason: 'Проектор' });
    const rejected = await admin.post(`${CHANGE_REQUESTS_PATH}/${other.id}/review`, { approved: false, comment: 'Мало мест' }).expect(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', warnings: [] });
  });

  it('warns of an absence’s room decision into a smaller room, naming the decision', async () => {
    // T2 teaches chemistry to group B (24 students) on Tuesdays in pair 1.
    const absence = await createAbsence(admin, { teacherId: w.u.teachers[2].id, startDate: '2026-09-01', endDate: '2026-09-01', reason: 'Командировка' });
    // Recorded by the office, an absence is approved at once.
    expect(absence.status).toBe('APPROVED');
    const resolved = await admin
      .post(`${ABSENCES_PATH}/${absence.id}/resolve`, {
        decisions: [{ baseRuleSlotId: slot.chem, lessonDate: '2026-09-01', resolution: 'CHANGE_CLASSROOM', newClassroomId: small.id }],
      });
    expect({ status: resolved.status, warnings: resolved.body.warnings }).toEqual({
      status: 200,
      warnings: [{ code: 'ROOM_TOO_SMALL', message: 'Решение 1: В аудитории 1-105 10 мест, а на занятии 24 студента' }],
    });
  });
});
