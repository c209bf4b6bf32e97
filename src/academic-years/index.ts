/**
 * Academic years, semesters and activity codes (spec 4.7): the only way in for other features (the
 * boundary lint refuses imports of this folder's files from outside it).
 */
export { AcademicYearsModule } from './academic-years.module';
export { SemesterCatalog } from './semester-catalog';
export type { SemesterSummary } from './semester-catalog';
