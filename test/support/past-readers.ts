import ICAL from 'ical.js';
import request from 'supertest';
import { TenantClient, TestApp } from './test-app';

/**
 * Invariant 1 of issue 53 as a reader sees it: everything the service answers about the lessons dated
 * before `D` — the schedule of a group, a teacher and a room, the search, a CSV export, the calendar
 * feeds' events, the one-off change registry and the workload reports of the period — taken before a
 * change from `D` and again after it must be equal (ids aside: a change may renumber rules, slots and
 * one-off changes, never what a person reads).
 */
export interface PastTargets {
  groupId: number;
  teacherId: number;
  classroomId: number;
  departmentId: number;
  /** The semester whose quality report is read too (spec 4.12: the whole semester; its problems before the date must stay). */
  semesterId?: number;
}

/** Feeds of the targets, made once per test file (their secrets are shown only on creation). */
export interface PastFeeds {
  paths: string[];
}

/** Keys that name stored rows, which a change may renumber. */
const ROW_IDS = new Set(['id', 'scheduleRuleId', 'scheduleRuleSlotId', 'baseRuleSlotId', 'scheduleOverrideId', 'scheduleVersionId', 'overrideId', 'ruleId', 'slotId']);

function withoutRowIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRowIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !ROW_IDS.has(key))
        .map(([key, item]) => [key, withoutRowIds(item)]),
    );
  }
  return value;
}

/** A CSV export without its last two columns, «Правило №» and «Разовое изменение №». */
const csvWithoutRowIds = (text: string) =>
  text
    .split('\r\n')
    .map((line) => line.split(';').slice(0, -2).join(';'))
    .join('\n');

/** A list compared as a set: the order of equal-time lessons may follow ids. */
const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(item)).sort();

export async function subscribePastFeeds(client: TenantClient, targets: PastTargets): Promise<PastFeeds> {
  const paths: string[] = [];
  for (const [kind, targetId] of [
    ['GROUP', targets.groupId],
    ['TEACHER', targets.teacherId],
    ['CLASSROOM', targets.classroomId],
  ] as const) {
    const response = await client.post('/api/calendar-feeds', { kind, targetId });
    if (response.status !== 200) throw new Error(`subscribe ${kind}: ${response.status} ${JSON.stringify(response.body)}`);
    paths.push(new URL((response.body as { url: string }).url).pathname);
  }
  return { paths };
}

export interface FeedEventSeen {
  uid: string;
  date: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  status: string;
  sequence: number;
}

/** The events of a feed document as a calendar app (ical.js) reads them; `date` is the lesson's date in Moscow. */
export async function feedEvents(t: TestApp, path: string, host = 'alpha.timetable.test'): Promise<FeedEventSeen[]> {
  const response = await request(t.server).get(path).set('Host', host);
  if (response.status !== 200) throw new Error(`feed ${path}: ${response.status}`);
  const calendar = new ICAL.Component(ICAL.parse(response.text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const start = event.startDate.toJSDate();
    return {
      uid: event.uid,
      date: new Date(start.getTime() + 3 * 3_600_000).toISOString().slice(0, 10),
      start: start.toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
    };
  });
}

/**
 * What every reader answers about the lessons from `from` to the day before `date`. `feeds` ids-aside
 * drops the events' UIDs and SEQUENCE only when `keepFeedIdentity` is false (a publication renumbers the
 * slots a UID names); a change of the published version keeps both for every event before the date.
 */
export async function pastReaders(
  t: TestApp,
  client: TenantClient,
  targets: PastTargets,
  feeds: PastFeeds,
  from: string,
  date: string,
  keepFeedIdentity = true,
): Promise<Record<string, unknown>> {
  const until = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const range = `startDate=${from}&endDate=${until}`;
  const read = async (path: string) => {
    const response = await client.get(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };
  const json = async (path: string) => withoutRowIds((await read(path)).body);
  const list = async (path: string) => sorted((await json(path)) as unknown[]);
  const events = await Promise.all(feeds.paths.map((path) => feedEvents(t, path)));
  return {
    groupSchedule: await json(`/api/schedule?groupId=${targets.groupId}&${range}`),
    teacherSchedule: await json(`/api/schedule?teacherId=${targets.teacherId}&${range}`),
    roomSearch: await list(`/api/schedule/search?classroomId=${targets.classroomId}&${range}`),
    departmentSearch: await list(`/api/schedule/search?departmentId=${targets.departmentId}&${range}`),
    groupCsv: csvWithoutRowIds((await read(`/api/schedule/export?groupId=${targets.groupId}&${range}&format=csv`)).text),
    teacherCsv: csvWithoutRowIds((await read(`/api/schedule/export?teacherId=${targets.teacherId}&${range}&format=csv`)).text),
    feeds: events.map((items) =>
      items
        .filter((event) => event.date < date)
        .map(({ uid, sequence, ...event }) => (keepFeedIdentity ? { uid, sequence, ...event } : event))
        .sort((a, b) => (a.start === b.start ? a.summary.localeCompare(b.summary) : a.start < b.start ? -1 : 1)),
    ),
    overrideRegistry: await list(`/api/edu-office/schedule/overrides?${range}`),
    teacherWorkload: await list(`/api/workload/teachers?${range}`),
    classroomWorkload: await list(`/api/workload/classrooms?${range}`),
    departmentWorkload: await list(`/api/workload/departments?${range}`),
    timeSlotWorkload: await list(`/api/workload/time-slots?${range}`),
    qualityBefore: targets.semesterId === undefined ? undefined : await qualityProblemsBefore(client, targets.semesterId, date),
  };
}

/** The quality report's problems of lessons before `date` (ids aside): a change from the date leaves them as they were. */
async function qualityProblemsBefore(client: TenantClient, semesterId: number, date: string): Promise<unknown[]> {
  const response = await client.get(`/api/edu-office/schedule/quality?semesterId=${semesterId}`);
  if (response.status !== 200) throw new Error(`quality: ${response.status} ${JSON.stringify(response.body)}`);
  const problems = (response.body as { problems: { lessonDate: string }[] }).problems;
  return sorted(problems.filter((problem) => problem.lessonDate < date).map(withoutRowIds));
}
