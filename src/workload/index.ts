/**
 * Workload reports (spec 4.16): the only way in for other features (the boundary lint refuses imports
 * of this folder's files from outside it).
 */
export { WorkloadModule } from './workload.module';
