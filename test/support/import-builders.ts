import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { TenantClient, TestApp } from './test-app';

/** Builders for the data import (issue 28): spreadsheets made here with exceljs and iconv-lite, and the upload. */

export type Cell = string | number | null | { formula: string; result?: number | string };

/** An XLSX file with one sheet: a header row and data rows. */
export async function xlsx(headers: readonly string[], rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Лист1');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === null ? undefined : cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV file as a Russian spreadsheet program saves it: Windows-1251 (or UTF-8 with BOM), `;` between cells. */
export function csv(lines: readonly (readonly (string | number)[])[], options: { encoding?: 'win1251' | 'utf8-bom' | 'utf8'; separator?: string } = {}): Buffer {
  const separator = options.separator ?? ';';
  const text = lines
    .map((line) =>
      line
        .map((cell) => {
          const value = String(cell);
          return value.includes(separator) || value.includes('"') || value.includes('\n') ? `"${value.replace(/"/g, '""')}"` : value;
        })
        .join(separator),
    )
    .join('\r\n');
  const encoding = options.encoding ?? 'win1251';
  if (encoding === 'win1251') return iconv.encode(text, 'win1251');
  const utf8 = Buffer.from(text, 'utf8');
  return encoding === 'utf8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]) : utf8;
}

export interface ImportRowReport {
  row: number;
  status: 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'REFUSED';
  column: string | null;
  message: string | null;
}

export interface ImportReportBody {
  kind: string;
  dryRun: boolean;
  summary: { created: number; updated: number; unchanged: number; refused: number };
  rows: ImportRowReport[];
  credentials?: { row: number; username: string; oneTimePassword: string }[];
}

/** Uploads `file` for `kind` (a dry run unless `dryRun: false`) and answers status and body. */
export async function importFile(
  client: TenantClient,
  kind: string,
  file: Buffer,
  options: { dryRun?: boolean; versionId?: number; effectiveFrom?: string; filename?: string } = {},
): Promise<{ status: number; body: ImportReportBody & Record<string, unknown> }> {
  const query: Record<string, string> = {};
  if (options.dryRun !== undefined) query.dryRun = String(options.dryRun);
  if (options.versionId !== undefined) query.versionId = String(options.versionId);
  if (options.effectiveFrom !== undefined) query.effectiveFrom = options.effectiveFrom;
  const response = await client
    .post(`/api/admin/import/${kind}`)
    .query(query)
    .attach('file', file, options.filename ?? `${kind}.xlsx`);
  return { status: response.status, body: response.body as ImportReportBody & Record<string, unknown> };
}

/** Row counts of every table an import writes to: a refused or dry run leaves them all as they were. */
export async function importedTableCounts(t: TestApp, tenant = 'alpha'): Promise<Record<string, number>> {
  const tables = [
    'departments',
    'users',
    'user_department_assignments',
    'password_events',
    'teacher_requests',
    'study_groups',
    'subgroups',
    'classrooms',
    'classroom_equipments',
    'equipments',
    'subjects',
    'teacher_subjects',
    'schedule_rules',
    'schedule_rule_slots',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await t.sql<{ count: string }>(tenant, `SELECT count(*) AS count FROM ${table}`);
    counts[table] = Number(row.count);
  }
  return counts;
}
