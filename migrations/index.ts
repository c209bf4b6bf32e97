import { Foundation1763700000000 } from './1763700000000-Foundation';
import { StudyStructure1763800000000 } from './1763800000000-StudyStructure';
import { Resources1763800000100 } from './1763800000100-Resources';
import { TeacherRequests1763800000200 } from './1763800000200-TeacherRequests';

/** Every migration, in order. Listed explicitly so compiled and ts-jest runs load the same set. */
export const MIGRATIONS = [Foundation1763700000000, StudyStructure1763800000000, Resources1763800000100, TeacherRequests1763800000200];
