import { bool, rowShape } from '../../platform/database/row-shape';

/**
 * Tables whose rows refer to a subject. A referenced subject is archived instead of deleted, so that
 * history keeps its name. Later features add their table here (academic calendar subjects, schedule
 * rules); each entry is a query selecting a row that refers to subject `$1`.
 */
export const SUBJECT_REFERENCES: readonly string[] = [
  `SELECT 1 FROM teacher_subjects WHERE subject_id = $1`,
  `SELECT 1 FROM subject_comments WHERE subject_id = $1`,
  `SELECT 1 FROM academic_calendar_subjects WHERE subject_id = $1`,
  `SELECT 1 FROM schedule_rules WHERE subject_id = $1`,
];

/** One statement answering whether any of the tables above refers to subject `$1`. */
export const SUBJECT_IS_REFERENCED_SQL = `SELECT ${SUBJECT_REFERENCES.map((sql) => `EXISTS (${sql})`).join(' OR ')} AS referenced`;
export const SUBJECT_IS_REFERENCED_ROW = rowShape({ referenced: bool });
