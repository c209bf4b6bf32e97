import { Foundation1763700000000 } from './1763700000000-Foundation';

/** Every migration, in order. Listed explicitly so compiled and ts-jest runs load the same set. */
export const MIGRATIONS = [Foundation1763700000000];
