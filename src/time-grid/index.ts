/**
 * Bell schedules (spec 4.6): the only way in for other features (the boundary lint refuses imports of
 * this folder's files from outside it).
 */
export { TimeGridModule } from './time-grid.module';
export { BasePairs } from './slots/base-pairs';
export type { BasePair } from './slots/base-pairs';
