/**
 * Measures once what one cached lesson costs in memory, for the schedule cache's size estimate
 * (src/schedule/viewing/snapshot/cache-size.ts): `node --expose-gc -r ts-node/register/transpile-only
 * scripts/bench/lesson-bytes.ts`. It builds lessons as the engine builds them (series lessons of its
 * generator, extended in place with their rule, slot, teacher, room and audience, in per-rule arrays)
 * and their rendered JSON buffers in a WeakMap, and prints the heap growth per lesson.
 */
import { generateSeries, SeriesContext, SeriesRule } from '../../src/schedule-engine/lesson-series';

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
// Series of the engine's own generator (32 weekly lessons each), extended in place as expandRule does.
const seriesRule: SeriesRule = {
  id: 1,
  hours: { LECTURE: 64, PRACTICE: 0, LABORATORY: 0 },
  startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
  slots: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ id: dayOfWeek, dayOfWeek, parity: 'BOTH', timeSlotId: 2, lessonKind: 'LECTURE' })),
};
const context: SeriesContext = {
  semesterStart: '2026-09-01',
  semesterEnd: '2027-06-30',
  allowsLessons: () => true,
  timeOf: () => ({ startTime: '10:40', endTime: '12:10', order: 2 }),
};
const before = used();
const series: object[][] = [];
let made = 0;
while (made < COUNT) {
  const lessons = generateSeries(seriesRule, context).map((lesson) => Object.assign(lesson, { rule, slot, teacherId: 3, classroomId: 4, audience }));
  made += lessons.length;
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
const perLesson = (lessonsDone.heap - before.heap) / made;
const jsonOverhead = (jsonDone.heap + jsonDone.external - lessonsDone.heap - lessonsDone.external - jsonBytes) / made;
process.stdout.write(
  `lesson objects: ${perLesson.toFixed(0)} B each; JSON buffers: ${(jsonBytes / made).toFixed(0)} B of JSON + ${jsonOverhead.toFixed(0)} B overhead each\n`,
);
if (series.length === 0 || !json) process.exit(1); // keeps both alive until measured
