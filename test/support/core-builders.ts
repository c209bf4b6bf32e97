import { TenantRegistry } from '../../src/platform/tenancy/tenant-registry';
import { runInTenant } from '../../src/platform/tenancy/tenant-context';
import { TestApp } from './test-app';

/**
 * Helpers for calling the schedule core's providers directly (they have no endpoint of their own):
 * run code in a tenant context with the tenant's pool, as a request would.
 */

/** Runs `work` bound to `tenant` (the pool leased from the registry, released afterwards). */
export function inTenant<T>(t: TestApp, work: () => Promise<T>, tenant = 'alpha'): Promise<T> {
  const pool = t.app.get(TenantRegistry).lease(tenant);
  if (!pool) throw new Error(`tenant ${tenant} not ready`);
  return runInTenant({ tenantKey: tenant, dataSource: pool.dataSource }, work).finally(() => pool.release());
}

/** What a lesson occupies, as far as a clash check by teacher and classroom is concerned. */
export interface Occupying {
  date: string;
  startTime: string;
  endTime: string;
  teacherId: number;
  classroomId: number;
}

/**
 * Pairs of lessons (by index) that meet on the same date with overlapping intervals (adjacent ones do
 * not) and share the teacher or the classroom: an independent check that a stored timetable has no clash.
 */
export function teacherOrRoomClashes(lessons: readonly Occupying[]): [number, number][] {
  const clashes: [number, number][] = [];
  for (let i = 0; i < lessons.length; i++) {
    for (let j = i + 1; j < lessons.length; j++) {
      const [a, b] = [lessons[i], lessons[j]];
      const overlap = a.date === b.date && a.startTime < b.endTime && b.startTime < a.endTime;
      if (overlap && (a.teacherId === b.teacherId || a.classroomId === b.classroomId)) clashes.push([i, j]);
    }
  }
  return clashes;
}
