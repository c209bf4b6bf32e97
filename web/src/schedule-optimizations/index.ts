// What the schedule-optimizations section offers other sections: a version's locks for the solver
// (issue 54 §1), so the rules desk marks a held rule «закреплено» and locks or unlocks it.
export { RuleLockToggle, useVersionLocks } from './version-locks';
