/**
 * Departments (spec 4.18): the only way in for other features (the boundary lint refuses imports of
 * this folder's files from outside it).
 */
export { Departments } from './departments';
export type { DepartmentRef } from './departments.repository';
export { DepartmentsModule } from './departments.module';
export { DepartmentsService } from './departments.service';
export { DepartmentRequest } from './dto/department.dto';
