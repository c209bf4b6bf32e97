/**
 * Classrooms, equipment, subjects and teacher-subject links (spec 4.20): the only way in for other
 * features (the boundary lint refuses imports of this folder's files from outside it).
 */
export { RESOURCES_ENTITIES } from './entities';
export { ResourcesModule } from './resources.module';
