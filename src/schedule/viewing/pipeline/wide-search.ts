import { BadRequestError } from '../../../platform/http/app-error';
import { ReferenceData } from '../snapshot/reference-data';

/** Spec 4.5 and 8: a search without group, department or teacher-only mode is allowed up to 50 active groups. */
export const WIDE_SEARCH_GROUP_LIMIT = 50;
export const WIDE_SEARCH_MESSAGE = 'Слишком широкий поиск: укажите группу или кафедру';

/** Counted once per reference snapshot, i.e. once per schedule data stamp. */
const activeGroupCounts = new WeakMap<ReferenceData, number>();

/**
 * The tenant's active (not archived) groups. The limit is about the tenant, not about what the other
 * filters happen to match: a search by room, subject or slot in a large university is still refused.
 */
export function activeGroupCount(reference: ReferenceData): number {
  let count = activeGroupCounts.get(reference);
  if (count === undefined) {
    count = 0;
    for (const group of reference.groups.values()) if (!group.archived) count++;
    activeGroupCounts.set(reference, count);
  }
  return count;
}

export function checkWideSearch(reference: ReferenceData): void {
  if (activeGroupCount(reference) > WIDE_SEARCH_GROUP_LIMIT) throw new BadRequestError(WIDE_SEARCH_MESSAGE);
}
