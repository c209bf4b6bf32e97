import { AuthUser } from '../platform/auth/auth-user';
import { Role } from '../platform/auth/roles';
import { Column, ImportRow } from './columns';
import { ImportedCredential, ImportKindName, RowStatus } from './dto/import-report.dto';

export interface ImportOptions {
  caller: AuthUser;
  dryRun: boolean;
  /** The schedule version rules are imported into. */
  versionId?: number;
  /** The date the imported rules take effect from (issue 53); omitted, the semester's first day. */
  effectiveFrom?: string;
}

/** Rows written together: one row for most kinds, the slot rows of one rule for rules. */
export interface ImportUnit {
  rows: ImportRow[];
}

/** What a unit's import did; a refusal is thrown as a RowRefusal (or an AppError of the feature). */
export interface UnitOutcome {
  status: Exclude<RowStatus, 'REFUSED'>;
  message?: string;
  credential?: Omit<ImportedCredential, 'row'>;
}

/** One file's import of a kind, prepared once (lookups loaded) and then fed unit by unit. */
export interface KindRun {
  /** The natural key of a unit: two units of one file with the same key are a mistake in the file. */
  key(unit: ImportUnit): string;
  /** Writes one unit (under a savepoint of its own). */
  apply?: (unit: ImportUnit) => Promise<UnitOutcome>;
  /**
   * Or writes all units at once (a feature's batch that checks each as its API would and writes only
   * the accepted ones): an outcome, or the refusal, per unit in order.
   */
  applyAll?: (units: readonly ImportUnit[]) => Promise<(UnitOutcome | { refusal: unknown })[]>;
}

/** An import kind: its columns (also the template's), who may use it, and how its rows are written. */
export interface ImportKind {
  readonly name: ImportKindName;
  readonly columns: readonly Column[];
  readonly roles: readonly Role[];
  /** Splits the rows into units (default: one per row). */
  units?(rows: readonly ImportRow[]): ImportUnit[];
  start(options: ImportOptions): Promise<KindRun>;
}

/** The kinds of the module, by name (a Nest token for the list). */
export const IMPORT_KIND_LIST = Symbol('IMPORT_KIND_LIST');
