/**
 * Measures once what one cached lesson costs in memory, for the schedule cache's size estimate
 * (src/schedule/viewing/snapshot/cache-size.ts): `node --expose-gc -r ts-node/register/transpile-only
 * scripts/bench/lesson-bytes.ts`. It builds lessons shaped as the engine builds them (a series
 * lesson extended in place with its rule, slot, teacher, room and audience, kept in a per-rule array)
 * and their rendered JSON buffers in a WeakMap, and prints the heap growth per lesson.
 */
const COUNT = 200_000;

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function used(): { heap: number; external: number } {
  collect();
  const memory = process.memoryUsage();
  return { heap: memory.heapUsed, external: memory.external /* includes arrayBuffers, so every Buffer */ };
}

const rule = { id: 1, groupIds: [1, 2], slots: [] };
const slot = { id: 1, teacherId: 3, classroomId: 4 };
const audience = [{ groupId: 1, subgroupId: null }];
const before = used();
const series: object[][] = [];
for (let i = 0; i < COUNT; i += 32) {
  const lessons: object[] = [];
  for (let j = 0; j < 32; j++) {
    const day = (i + j) % 28;
    const lesson = {
      ruleId: i,
      slotId: j,
      lessonKind: 'LECTURE',
      date: `2026-09-${String(day + 1).padStart(2, '0')}`.slice(0),
      dayOfWeek: day % 7,
      weekNumber: Math.floor(day / 7),
      parity: 'ALL',
      timeSlotId: 2,
      timeSlotOrder: 2,
      startTime: '10:40',
      endTime: '12:10',
      lessonTypeAcademicHours: 36,
      consumedLessonTypeAcademicHoursBeforeLesson: j * 2,
      remainingLessonTypeAcademicHoursAfterLesson: 36 - j * 2,
    };
    lessons.push(Object.assign(lesson, { rule, slot, teacherId: 3, classroomId: 4, audience }));
  }
  series.push(lessons);
}
const lessonsDone = used();
const json = new WeakMap<object, Buffer>();
let jsonBytes = 0;
for (const lessons of series) {
  for (const lesson of lessons) {
    const buffer = Buffer.from(JSON.stringify({ ...lesson, rule: undefined, slot: undefined, subject: 'Математический анализ', teacher: 'Иванов И. И.' }));
    jsonBytes += buffer.length;
    json.set(lesson, buffer);
  }
}
const jsonDone = used();
const perLesson = (lessonsDone.heap - before.heap) / COUNT;
const jsonOverhead = (jsonDone.heap + jsonDone.external - lessonsDone.heap - lessonsDone.external - jsonBytes) / COUNT;
process.stdout.write(
  `lesson objects: ${perLesson.toFixed(0)} B each; JSON buffers: ${(jsonBytes / COUNT).toFixed(0)} B of JSON + ${jsonOverhead.toFixed(0)} B overhead each\n`,
);
if (series.length === 0 || !json) process.exit(1); // keeps both alive until measured
