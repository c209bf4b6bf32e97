/**
 * The timetable solver: a pure library (no framework, database, I/O or clock) that places events in
 * cells and rooms without clashes and then lowers the soft cost. The service and the ITC 2007
 * benchmark reach it through their own adapters (`itc2007/` here; the draft version's elsewhere).
 */
export * from './problem';
export { solve } from './solve';
export { evaluate, type Evaluation } from './evaluate';
