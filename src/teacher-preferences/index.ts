/**
 * Teacher preferences (spec 4.14): the only way in for other features (the boundary lint refuses
 * imports of this folder's files from outside it).
 */
export { TeacherPreferencesModule } from './teacher-preferences.module';
export { HardUnavailabilityModule } from './hard-unavailability';
