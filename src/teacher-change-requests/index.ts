/**
 * Teacher change requests (spec 4.15): the only way in for other features (the boundary lint refuses
 * imports of this folder's files from outside it).
 */
export { TeacherChangeRequestsModule } from './teacher-change-requests.module';
export { PendingChangeRequestsModule } from './pending-requests';
