/**
 * Teacher absences and the replacement wizard (spec 4.13): the only way in for other features (the
 * boundary lint refuses imports of this folder's files from outside it).
 */
export { TeacherAbsencesModule } from './teacher-absences.module';
export { AbsenceBlocksModule } from './absence-blocks';
export { PendingAbsenceDecisionsModule } from './pending-decisions';
