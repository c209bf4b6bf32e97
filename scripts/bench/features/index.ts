import { BenchFeature } from '../scenario';
import { absences } from './absences';
import { changeRequests } from './change-requests';
import { dataImport } from './data-import';
import { feeds } from './feeds';
import { metrics } from './metrics';
import { overrides } from './overrides';
import { publication } from './publication';
import { quality } from './quality';
import { rules } from './rules';
import { scheduleExport } from './schedule-export';
import { solver } from './solver';
import { helmetCost, passportCost } from './switch-pairs';
import { viewing } from './viewing';
import { workload } from './workload';

/**
 * Every benchmarked feature, in the order its load scenarios are measured and its timed parts run.
 * Reads of seeded data come first (issue 16's ETags were taken on it), writes after them, and the
 * publication last, since it replaces the version every other scenario reads. A new feature: one file
 * in this folder, one entry here.
 */
export const FEATURES: readonly BenchFeature[] = [viewing, metrics, passportCost, helmetCost, feeds, rules, overrides, changeRequests, absences, workload, quality, scheduleExport, dataImport, solver, publication];
