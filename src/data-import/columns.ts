import { BadRequestError } from '../platform/http/app-error';

/** One column of an import kind: the API field it fills, its Russian header and a value for the template's example row. */
export interface Column {
  field: string;
  header: string;
  example: string | number;
  required?: boolean;
  /** A hint for the template (a comment on the header cell). */
  note?: string;
}

/** A data row as the kinds see it: values by field, the file's row number, and the column headers for messages. */
export interface ImportRow {
  number: number;
  values: Record<string, string>;
}

/** A row refused before or during writing: the column it concerns (its Russian header) and the reason. */
export class RowRefusal extends Error {
  constructor(
    readonly column: string | null,
    message: string,
  ) {
    super(message);
  }
}

const squash = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е').replace(/[\s_*.:]+/g, ' ').trim();

/**
 * Matches the file's headers to the kind's columns: by the Russian header or by the API field name,
 * case and surrounding spaces aside, in any order. Unknown headers are ignored; a missing required
 * column refuses the file.
 */
export function matchHeaders(columns: readonly Column[], headers: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = squash(header);
    const column = columns.find((candidate) => squash(candidate.header) === key || squash(candidate.field) === key);
    if (column && !positions.has(column.field)) positions.set(column.field, index);
  });
  const missing = columns.filter((column) => column.required && !positions.has(column.field));
  if (missing.length > 0) {
    const list = missing.map((column) => `«${column.header}»`).join(', ');
    throw new BadRequestError(`В файле нет обязательных столбцов: ${list}. Скачайте шаблон: в нём все столбцы с заголовками`);
  }
  return positions;
}

export function rowValues(positions: Map<string, number>, cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [field, index] of positions) values[field] = (cells[index] ?? '').trim();
  return values;
}

/** The header of a field, for messages. */
export function headerOf(columns: readonly Column[], field: string): string {
  return columns.find((column) => column.field === field)?.header ?? field;
}

// ── Cell value parsing shared by the kinds ──

/** An integer cell (spreadsheets may store 25 as "25.0" or "25,0"); undefined when empty. */
export function intCell(row: ImportRow, columns: readonly Column[], field: string): number | undefined {
  const text = row.values[field] ?? '';
  if (text === '') return undefined;
  const value = Number(text.replace(',', '.').replace(/\s/g, ''));
  if (!Number.isInteger(value)) throw new RowRefusal(headerOf(columns, field), `Ожидается целое число, в ячейке «${text}»`);
  return value;
}

const YES = ['да', 'yes', 'true', '1', 'истина', '+'];
const NO = ['нет', 'no', 'false', '0', 'ложь', '-'];

export function boolCell(row: ImportRow, columns: readonly Column[], field: string): boolean | undefined {
  const text = (row.values[field] ?? '').toLowerCase();
  if (text === '') return undefined;
  if (YES.includes(text)) return true;
  if (NO.includes(text)) return false;
  throw new RowRefusal(headerOf(columns, field), `Ожидается «да» или «нет», в ячейке «${row.values[field]}»`);
}

/** A list in one cell, separated by «;» or «,» (or line breaks). */
export function listCell(row: ImportRow, field: string): string[] {
  return (row.values[field] ?? '')
    .split(/[;,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Case-insensitive key of a name, as the API compares names. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
