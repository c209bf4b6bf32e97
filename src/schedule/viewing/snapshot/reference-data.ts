import { OverrideRecord } from '../../../schedule-engine/override-application';
import { LoadedSemester } from '../../../schedule-engine/rule-model';

export interface GroupInfo {
  id: number;
  name: string;
  departmentId: number;
  archived: boolean;
  /** An archived group's last active day (its lessons up to it still count for its department); null: no end. */
  activeTo: string | null;
}

/**
 * Tenant-wide data the views need besides the rules: every semester with its published version, and
 * the names and scopes of everything a lesson mentions. Small (hundreds to a few thousand rows), so it
 * is loaded whole once per data stamp instead of per request.
 */
export interface ReferenceData {
  /** All semesters by start date. */
  semesters: LoadedSemester[];
  groups: ReadonlyMap<number, GroupInfo>;
  /** Users with the TEACHER role and anyone named as a slot's teacher. */
  teachers: ReadonlyMap<number, string>;
  classrooms: ReadonlyMap<number, string>;
  subgroups: ReadonlyMap<number, string>;
  lessonTypes: ReadonlyMap<number, string>;
  /** Activity type id -> code («Т», …). */
  activityCodes: ReadonlyMap<number, string>;
  departmentIds: ReadonlySet<number>;
  /** One-off changes of the PUBLISHED versions by version id (loaded here so a semester load needs no extra query). */
  overridesByVersion: ReadonlyMap<number, readonly OverrideRecord[]>;
}

/**
 * The "active groups" of a department view of the dates from `from` on, by id: the groups not archived
 * and those archived whose last active day is not before `from` (issue 53: a group counts for a lesson
 * dated while it was active; `lastActiveDays` says up to when).
 */
export function activeGroupsOf(reference: Pick<ReferenceData, 'groups'>, departmentId: number, from: string): number[] {
  const ids: number[] = [];
  for (const group of reference.groups.values()) {
    if (group.departmentId === departmentId && activeOnOrAfter(group, from)) ids.push(group.id);
  }
  return ids.sort((a, b) => a - b);
}

/** The last active day of each archived group among `groupIds` (the others have no end). */
export function lastActiveDays(reference: Pick<ReferenceData, 'groups'>, groupIds: readonly number[]): Map<number, string> {
  const days = new Map<number, string>();
  for (const groupId of groupIds) {
    const group = reference.groups.get(groupId);
    if (group?.archived) days.set(groupId, group.activeTo ?? NEVER_ACTIVE);
  }
  return days;
}

function activeOnOrAfter(group: GroupInfo, from: string): boolean {
  return !group.archived || (group.activeTo !== null && group.activeTo >= from);
}

/** Before any lesson date: an archived group without a last active day (not expected) counts for none. */
const NEVER_ACTIVE = '0000-01-01';
