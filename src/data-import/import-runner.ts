import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { classifyDatabaseError } from '../platform/database/pg-errors';
import { constraintMessage } from '../platform/database/constraint-messages';
import { TenantDb } from '../platform/database/tenant-db';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { DATABASE_MESSAGES } from '../platform/http/all-exceptions.filter';
import { Column, ImportRow, matchHeaders, RowRefusal, rowValues } from './columns';
import { ImportedCredential, ImportReport, ImportRowReport, RowStatus } from './dto/import-report.dto';
import { IMPORT_KIND_LIST, ImportKind, ImportUnit, UnitOutcome } from './import-kind';
import { readSheet } from './spreadsheet';

/** Thrown inside the transaction to roll it back with the report (dry run, or a refused row). */
class RollBack extends Error {}


export const UNKNOWN_KIND = 'Неизвестный вид импорта: допустимы departments, users, groups, classrooms, subjects, teacher-subjects, rules';

/**
 * Runs an import: the file read into rows, every unit written through the feature's own service in one
 * transaction, each unit under a savepoint so that a refused unit leaves the others to be checked.
 * A dry run, or a real run with any refused row, is rolled back as a whole: nothing is written.
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger('DataImport');
  private readonly kinds: Map<string, ImportKind>;

  constructor(
    private readonly db: TenantDb,
    @Inject(IMPORT_KIND_LIST) kinds: ImportKind[],
  ) {
    this.kinds = new Map(kinds.map((kind) => [kind.name, kind]));
  }

  /** The kind, if the caller's role may import it (404 for an unknown kind, 403 for a foreign one). */
  kind(caller: AuthUser, name: string): ImportKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new NotFoundError(UNKNOWN_KIND);
    if (!kind.roles.includes(caller.role)) throw new ForbiddenError('Этот вид импорта недоступен вашей роли');
    return kind;
  }

  async run(caller: AuthUser, name: string, file: Buffer | undefined, dryRun: boolean, versionId?: number, effectiveFrom?: string): Promise<ImportReport> {
    const kind = this.kind(caller, name);
    if (!file) throw new BadRequestError('Приложите файл XLSX или CSV в поле формы «file»');
    const sheet = await readSheet(file);
    const positions = matchHeaders(kind.columns, sheet.headers);
    const rows: ImportRow[] = sheet.rows.map((row) => ({ number: row.number, values: rowValues(positions, row.cells) }));
    const units = kind.units ? kind.units(rows) : rows.map((row) => ({ rows: [row] }));
    const started = Date.now();

    let report: ImportReport | undefined;
    try {
      // Between its statements a large file keeps the service busy checking rows (10,000 rules: seconds
      // of work without a query), and its writes are large: the long budget, for this transaction alone.
      await this.db.longTransaction(async () => {
        report = await this.apply(kind, units, { caller, dryRun, versionId, effectiveFrom });
        if (dryRun || report.summary.refused > 0) throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    const result = report!;
    this.logger.log(
      `import ${kind.name} by user ${caller.userId}: ${dryRun ? 'dry run' : 'run'} of ${rows.length} rows in ${Date.now() - started} ms, ` +
        `created ${result.summary.created}, updated ${result.summary.updated}, unchanged ${result.summary.unchanged}, refused ${result.summary.refused}`,
    );
    if (!dryRun && result.summary.refused > 0) {
      delete result.credentials;
      const message = refusalMessage(result.summary.refused);
      throw new AppError(400, message, { ...result, message });
    }
    if (dryRun) delete result.credentials;
    return result;
  }

  private async apply(kind: ImportKind, units: ImportUnit[], options: { caller: AuthUser; dryRun: boolean; versionId?: number; effectiveFrom?: string }): Promise<ImportReport> {
    const run = await kind.start(options);
    const rows: ImportRowReport[] = [];
    const credentials: ImportedCredential[] = [];
    const seen = new Map<string, number>();
    const outcomes = new Map<ImportUnit, UnitOutcome | RowRefusal>();
    const fresh: ImportUnit[] = [];
    for (const unit of units) {
      const row = unit.rows[0].number;
      try {
        const key = run.key(unit);
        const first = seen.get(key);
        if (first !== undefined) throw new RowRefusal(null, `Строка повторяет строку ${first}: одна и та же запись указана в файле дважды`);
        seen.set(key, row);
        fresh.push(unit);
      } catch (error) {
        outcomes.set(unit, refusalOf(error, kind.columns));
      }
    }
    if (run.applyAll) {
      const results = await run.applyAll(fresh);
      fresh.forEach((unit, index) => {
        const result = results[index];
        outcomes.set(unit, 'refusal' in result ? refusalOf(result.refusal, kind.columns) : result);
      });
    } else {
      const apply = run.apply!;
      for (const unit of fresh) {
        try {
          outcomes.set(unit, await this.inSavepoint(() => apply(unit)));
        } catch (error) {
          outcomes.set(unit, refusalOf(error, kind.columns));
        }
      }
    }
    for (const unit of units) {
      const row = unit.rows[0].number;
      const outcome = outcomes.get(unit)!;
      if (outcome instanceof RowRefusal) {
        rows.push({ row, status: 'REFUSED', column: outcome.column, message: outcome.message });
      } else {
        rows.push({ row, status: outcome.status, column: null, message: outcome.message ?? null });
        if (outcome.credential) credentials.push({ row, ...outcome.credential });
      }
    }
    const count = (status: RowStatus) => rows.filter((row) => row.status === status).length;
    const report: ImportReport = {
      kind: kind.name,
      dryRun: options.dryRun,
      summary: { created: count('CREATED'), updated: count('UPDATED'), unchanged: count('UNCHANGED'), refused: count('REFUSED') },
      rows,
    };
    if (credentials.length > 0) report.credentials = credentials;
    return report;
  }

  /** A refused unit's writes are undone to the savepoint; the transaction goes on with the next unit. */
  private async inSavepoint<T>(work: () => Promise<T>): Promise<T> {
    await this.db.execute('SAVEPOINT import_unit');
    try {
      const result = await work();
      await this.db.execute('RELEASE SAVEPOINT import_unit');
      return result;
    } catch (error) {
      await this.db.execute('ROLLBACK TO SAVEPOINT import_unit');
      throw error;
    }
  }
}

function refusalMessage(refused: number): string {
  return `Импорт не выполнен: отклонено строк — ${refused}. Ничего не записано; исправьте строки, указанные в отчёте, и повторите`;
}

/** A feature's refusal as a row's reason; anything unexpected still fails the request (500). */
function refusalOf(error: unknown, columns: readonly Column[]): RowRefusal {
  if (error instanceof RowRefusal) return error;
  if (error instanceof AppError) {
    const reasons = Array.isArray(error.body?.conflictReasons) ? (error.body.conflictReasons as unknown[]).join(', ') : '';
    let message = reasons && !error.message.includes(reasons) ? `${error.message} (${reasons})` : error.message;
    // The property the owner's service named is the column that filled it, by its Russian header only.
    const property = error.field?.split(/[.[]/)[0];
    const column = property ? columns.find((candidate) => candidate.field === property) : undefined;
    if (column) message = message.split(`«${column.field}»`).join(`«${column.header}»`);
    return new RowRefusal(column?.header ?? null, error.status === 409 ? `Конфликт: ${message}` : message);
  }
  const database = classifyDatabaseError(error);
  if (database && database.kind !== 'unknown' && database.kind !== 'unavailable') {
    return new RowRefusal(null, constraintMessage(database.constraint) ?? DATABASE_MESSAGES[database.kind]);
  }
  throw error;
}
