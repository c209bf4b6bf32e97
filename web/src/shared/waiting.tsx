// What waits in each section for the signed-in role, as the menu shows it («Заявки преподавателей 3»):
// the office's change requests, absences to approve or distribute, preferences and teacher requests;
// the department's and the teacher's own queues likewise. Counted from the sections' own list
// endpoints (the same filters the screens use), asked when the page opens, when another section is
// opened, every minute, and at once when a screen announces that it settled something
// (`announceQueueChanged`).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data, type Role } from '../api/client';
import type { Area } from './section-registry';

const QUEUE_EVENT = 'timetable:queue-changed';
const POLL_MS = 60_000;
const OFFICE: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

type Counter = () => Promise<number>;

const count = <T extends { status: string }>(statuses: readonly string[]) => (list: readonly T[]) => list.filter((item) => statuses.includes(item.status)).length;

/** The counters of `role` on `area`, by section id (a section without one shows no number). */
function countersOf(area: Area, role: Role): Record<string, Counter> {
  const changeRequests: Counter = () => data(api.GET('/api/teacher-change-requests', { params: { query: { status: 'PENDING' } } })).then((list) => list.length);
  const preferences: Counter = () => data(api.GET('/api/teacher-preferences', { params: { query: { status: 'PENDING' } } })).then((list) => list.length);
  // The office also distributes the lessons of approved absences; a department only approves.
  const absenceStates = OFFICE.includes(role) ? ['PENDING', 'APPROVED'] : ['PENDING'];
  const absences: Counter = () => data(api.GET('/api/teacher-absences')).then(count(absenceStates));
  if (area === 'teacher') return { 'change-requests': changeRequests, absences, preferences };
  if (area !== 'admin') return {};
  if (OFFICE.includes(role)) {
    const counters: Record<string, Counter> = { 'change-requests': changeRequests, absences, preferences };
    if (role === 'ADMIN') {
      counters['teacher-requests'] = () => data(api.GET('/api/teacher-requests/page', { params: { query: { status: 'PENDING', page: 0, size: 1 } } })).then((page) => page.totalItems ?? 0);
    }
    return counters;
  }
  if (role === 'DEPARTMENT') {
    return {
      absences,
      preferences,
      'change-requests': changeRequests,
      'department-teacher-requests': () => data(api.GET('/api/department/teacher-requests')).then(count(['PENDING'])),
    };
  }
  return {};
}

/** Tells the menu that something waiting was settled (applied, rejected, approved, withdrawn). */
export function announceQueueChanged(): void {
  window.dispatchEvent(new Event(QUEUE_EVENT));
}

/** How many items wait in each section of the menu (absent while unknown or when none is counted). */
export function useWaiting(area: Area, role: Role, openSection: string): Record<string, number> {
  const [waiting, setWaiting] = useState<Record<string, number>>({});
  useEffect(() => {
    let alive = true;
    const counters = Object.entries(countersOf(area, role));
    const ask = (): void => {
      for (const [id, counter] of counters) {
        counter().then(
          (value) => alive && setWaiting((old) => (old[id] === value ? old : { ...old, [id]: value })),
          () => undefined, // a hint only: the section itself shows any refusal
        );
      }
    };
    ask();
    const timer = window.setInterval(ask, POLL_MS);
    window.addEventListener(QUEUE_EVENT, ask);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener(QUEUE_EVENT, ask);
    };
  }, [area, role]);
  // Opening another section is when a person looks at the menu again.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else announceQueueChanged();
  }, [openSection]);
  return waiting;
}
