import { bool, rowShape } from '../../platform/database/row-shape';
import { referencesTo } from '../../platform/database/usages';

/**
 * Whether anything refers to subject `$1`: its teacher links and comments, and what other features
 * declare as `subject` references (calendar subjects, schedule rules). A referenced subject is
 * archived instead of deleted, so that history keeps its name.
 */
export function subjectIsReferencedSql(): string {
  const own = [`EXISTS (SELECT 1 FROM teacher_subjects WHERE subject_id = $1)`, `EXISTS (SELECT 1 FROM subject_comments WHERE subject_id = $1)`];
  const declared = referencesTo('subject').map((usage) => `(${usage.countSql}) > 0`);
  return `SELECT ${[...own, ...declared].join(' OR ')} AS referenced`;
}
export const SUBJECT_IS_REFERENCED_ROW = rowShape({ referenced: bool });
