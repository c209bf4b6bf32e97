/**
 * The shape of the rows a statement returns, declared once beside the SQL: the TypeScript type is
 * inferred from it, and every row is checked against it when it arrives (`TenantDb.rows`). A renamed
 * alias, a column that became nullable or a JSON aggregate of another form fails at once, naming the
 * column, instead of travelling on as a wrong type. Values are never put into the error: rows hold
 * personal data.
 *
 * The kinds follow this service's pg type parsers (`data-source.ts`): `int8` and `int4` arrive as
 * numbers, `date` as the `YYYY-MM-DD` text, `timestamptz` as a `Date`, `json` parsed.
 */

/** One column's kind: what it accepts, and (for the type system only) the value it is. */
export interface Column<T> {
  /** Said in the error when a value is not of this kind. */
  readonly kind: string;
  readonly accepts: (value: unknown) => boolean;
  /** Carries `T` for inference; never set. */
  readonly __value?: T;
}

export type ColumnsOf = Record<string, Column<unknown>>;
export type ValueOf<C> = C extends Column<infer T> ? T : never;
/** The row type of a shape's columns. */
export type RowOf<S extends ColumnsOf> = { [K in keyof S]: ValueOf<S[K]> };

function column<T>(kind: string, accepts: (value: unknown) => boolean): Column<T> {
  return { kind, accepts };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** Integer columns (`int2`, `int4`, `int8`, `count(*)`): numbers. */
export const int = column<number>('integer', (value) => Number.isInteger(value));
/** `real`/`double precision` (or a `numeric` cast to one). */
export const float = column<number>('number', (value) => typeof value === 'number' && Number.isFinite(value));
export const text = column<string>('text', (value) => typeof value === 'string');
export const bool = column<boolean>('boolean', (value) => typeof value === 'boolean');
/** A `date`, kept as its `YYYY-MM-DD` text (no time zone can move it). */
export const date = column<string>('date', (value) => typeof value === 'string' && DATE.test(value));
export const timestamp = column<Date>('timestamp', (value) => value instanceof Date);
/** A `time` of day as pg answers it: `HH:MM:SS`. */
export const time = column<string>('time', (value) => typeof value === 'string' && TIME.test(value));
/**
 * A JSON document this service wrote and only passes on whole (an event payload, a stored report):
 * checked to be JSON, typed where it is read. Anything the code reads field by field is an `object`.
 */
export const jsonDocument = column<unknown>('JSON', (value) => value !== undefined);

/** A text column holding one of a closed set of values (roles, statuses, lesson types). */
export function oneOf<const T extends string>(...values: T[]): Column<T> {
  const allowed = new Set<string>(values);
  return column<T>(`one of ${values.join(', ')}`, (value) => typeof value === 'string' && allowed.has(value));
}

export function nullable<T>(inner: Column<T>): Column<T | null> {
  return column<T | null>(`${inner.kind} or null`, (value) => value === null || inner.accepts(value));
}

/** A PostgreSQL array or a JSON array whose items are all of `item`'s kind. */
export function listOf<T>(item: Column<T>): Column<T[]> {
  return column<T[]>(`list of ${item.kind}`, (value) => Array.isArray(value) && value.every((entry) => item.accepts(entry)));
}

/** A JSON array of fixed length and kinds (`json_build_array(id, size)`): `[number, number]`. */
export function tuple<const C extends readonly Column<unknown>[]>(...items: C): Column<{ -readonly [K in keyof C]: ValueOf<C[K]> }> {
  return column(`[${items.map((item) => item.kind).join(', ')}]`, (value) => Array.isArray(value) && value.length === items.length && items.every((item, index) => item.accepts(value[index])));
}

/** A JSON object (`json_build_object`, `to_json(row)`) with exactly these keys. */
export function object<S extends ColumnsOf>(columns: S): Column<RowOf<S>> {
  const names = Object.keys(columns);
  const kind = `{${names.join(', ')}}`;
  return column<RowOf<S>>(kind, (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && firstMismatch(value as Record<string, unknown>, columns, names) === undefined);
}

/** The first column of `row` that does not fit `columns`, or an extra one; undefined when it fits. */
function firstMismatch(row: Record<string, unknown>, columns: ColumnsOf, names: string[]): string | undefined {
  for (const name of names) {
    if (!columns[name].accepts(row[name])) return Object.hasOwn(row, name) ? `column "${name}" is not ${columns[name].kind}` : `column "${name}" is missing`;
  }
  let count = 0;
  for (const name in row) {
    if (!Object.hasOwn(columns, name)) return `column "${name}" is not declared`;
    count++;
  }
  return count === names.length ? undefined : 'a declared column is missing';
}

/** A statement's row shape. Declare it once, next to the SQL it describes. */
export interface RowShape<S extends ColumnsOf> {
  readonly columns: S;
  /** Checks every row; throws naming the first column that does not fit. */
  check(rows: unknown[]): RowOf<S>[];
}

export function rowShape<S extends ColumnsOf>(columns: S): RowShape<S> {
  const names = Object.keys(columns);
  return {
    columns,
    check(rows) {
      for (let index = 0; index < rows.length; index++) {
        const mismatch = firstMismatch(rows[index] as Record<string, unknown>, columns, names);
        if (mismatch !== undefined) throw new RowShapeError(`row ${index + 1}: ${mismatch}`);
      }
      return rows as RowOf<S>[];
    },
  };
}

/** A statement answered rows of another shape than declared: a defect of the code, never of input. */
export class RowShapeError extends Error {
  override readonly name = 'RowShapeError';
}

/** The row type a shape declares: `type ClassroomRow = RowType<typeof CLASSROOM_ROW>`. */
export type RowType<R> = R extends RowShape<infer S> ? RowOf<S> : never;

/** The shapes many statements share: `RETURNING id`, `count(*) AS count`, a page's `total`, an id with its name. */
export const ID_ROW = rowShape({ id: int });
export const COUNT_ROW = rowShape({ count: int });
export const TOTAL_ROW = rowShape({ total: int });
export const NAMED_ROW = rowShape({ id: int, name: text });
