import { OverrideRecord } from '../../../schedule-engine/override-application';
import { LoadedSemester } from '../../../schedule-engine/rule-model';

export interface GroupInfo {
  id: number;
  name: string;
  departmentId: number;
  archived: boolean;
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

/** Non-archived groups of a department (the "active groups" of department views), by id. */
export function activeGroupsOf(reference: Pick<ReferenceData, 'groups'>, departmentId: number): number[] {
  const ids: number[] = [];
  for (const group of reference.groups.values()) {
    if (group.departmentId === departmentId && !group.archived) ids.push(group.id);
  }
  return ids.sort((a, b) => a - b);
}
