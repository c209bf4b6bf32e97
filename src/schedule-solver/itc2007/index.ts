/** The ITC 2007 track 3 benchmark: its files, its translation to a solver problem, and its own validator. */
export { parseCtt, parseSolution, writeSolution, type CttAssignment, type CttInstance } from './ctt';
export { cttToProblem, resultToSolution } from './adapter';
export { validateSolution, type CttValidation } from './validate';
