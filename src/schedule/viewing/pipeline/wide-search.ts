import { BadRequestError } from '../../../platform/http/app-error';
import { candidateRules } from './base-lessons';
import { LessonCriteria } from './lesson-criteria';
import { LoadedView } from './lesson-pipeline';

/** Spec 8: a search without group, department or teacher-only mode may cover at most 50 active groups. */
export const WIDE_SEARCH_GROUP_LIMIT = 50;
export const WIDE_SEARCH_MESSAGE = 'Слишком широкий поиск: укажите группу или кафедру';

/**
 * The active (not archived) groups a search would cover: the groups of the active rules, in the
 * published versions of the semesters the range touches, that pass the search's other filters
 * (subject, and a slot matching teacher, classroom, lesson type and time slot).
 */
export function groupsInScope(view: LoadedView, criteria: LessonCriteria): number {
  const groups = new Set<number>();
  for (const semester of view.semesters) {
    for (const rule of candidateRules(semester, criteria)) {
      for (const groupId of rule.groupIds) {
        if (view.reference.groups.get(groupId)?.archived === false) groups.add(groupId);
      }
    }
  }
  return groups.size;
}

export function checkWideSearch(view: LoadedView, criteria: LessonCriteria): void {
  if (groupsInScope(view, criteria) > WIDE_SEARCH_GROUP_LIMIT) throw new BadRequestError(WIDE_SEARCH_MESSAGE);
}
