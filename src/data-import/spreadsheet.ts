import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import { BadRequestError } from '../platform/http/app-error';

/** Limits of one imported file (issue 28): the upload limit is enforced by multer too. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 100_000;

export const FILE_TOO_LARGE = 'Файл больше 20 МБ: разделите его на несколько файлов';
export const TOO_MANY_ROWS = `В файле больше ${MAX_ROWS.toLocaleString('ru-RU')} строк: разделите его на несколько файлов`;
export const NOT_A_SPREADSHEET = 'Файл не является таблицей XLSX или CSV: сохраните его из табличного редактора в формате XLSX или CSV';
export const PASSWORD_PROTECTED = 'Файл защищён паролем или сохранён в старом формате XLS: снимите пароль и сохраните его в формате XLSX';
export const MALFORMED_XLSX = 'Файл XLSX повреждён и не читается: откройте его в табличном редакторе и сохраните заново';
export const EMPTY_FILE = 'В файле нет строки заголовков';

/** A sheet as plain text cells: the header row and the data rows with their numbers in the file. */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

export interface SheetRow {
  /** 1-based row number as the spreadsheet program shows it. */
  number: number;
  cells: string[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Reads an uploaded XLSX or CSV file into text cells. The kind is told by the content, not by the
 * name: a zip is XLSX, an OLE compound file is an encrypted (or old binary) workbook, anything else
 * must be CSV text. Nothing in the file is executed: formulas are read as their cached values.
 */
export async function readSheet(file: Buffer): Promise<Sheet> {
  if (file.length > MAX_FILE_BYTES) throw new BadRequestError(FILE_TOO_LARGE);
  if (file.length === 0) throw new BadRequestError(EMPTY_FILE);
  if (file.subarray(0, ZIP.length).equals(ZIP)) return readXlsx(file);
  if (file.subarray(0, CFB.length).equals(CFB)) throw new BadRequestError(PASSWORD_PROTECTED);
  return readCsv(file);
}

// ── XLSX ──

async function readXlsx(file: Buffer): Promise<Sheet> {
  const rows: SheetRow[] = [];
  let headers: string[] | undefined;
  try {
    // The streaming reader stops at the row limit, so a small zip that unpacks into millions of rows costs little.
    // ExcelJS is loaded on the first XLSX upload, not at the service's start.
    const { stream } = (await import('exceljs')).default;
    const reader = new stream.xlsx.WorkbookReader(Readable.from(await partsBeforeSheets(file)), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const cells = rowCells(row);
        if (cells.every((cell) => cell === '')) continue;
        if (!headers) {
          headers = cells;
          continue;
        }
        if (rows.length >= MAX_ROWS) throw new BadRequestError(TOO_MANY_ROWS);
        rows.push({ number: row.number, cells });
      }
      break; // only the first sheet is read
    }
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw new BadRequestError(MALFORMED_XLSX);
  }
  if (!headers) throw new BadRequestError(EMPTY_FILE);
  return { headers, rows };
}

/**
 * The same workbook with the sheets stored after the parts they depend on (relations, workbook,
 * shared strings, styles). Excel and ExcelJS store the sheets first; ExcelJS 4.4's streaming reader
 * then parks each sheet in a temporary file, and while it does so it now and then loses the parts
 * that follow, so the sheet reads with empty strings or not at all (exceljs issue 3064; 4 in 3,000
 * reads of one file here). Nothing is unpacked: the moved entries keep their compressed bytes.
 */
export async function partsBeforeSheets(file: Buffer): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(file);
  // `files` is JSZip's table of entries, written out in its key order.
  for (const name of Object.keys(zip.files).filter((name) => name.startsWith('xl/worksheets/'))) {
    const entry = zip.files[name];
    delete zip.files[name];
    zip.files[name] = entry;
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

function rowCells(row: ExcelJS.Row): string[] {
  const values = Array.isArray(row.values) ? row.values : [];
  const cells: string[] = [];
  for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/** A cell's value as text: a formula by its stored result, a date as YYYY-MM-DD, rich text joined. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('result' in object || 'formula' in object || 'sharedFormula' in object) return cellText(object.result);
    if (Array.isArray(object.richText)) return (object.richText as { text?: string }[]).map((part) => part.text ?? '').join('').trim();
    if ('text' in object) return cellText(object.text);
    if ('error' in object) return '';
  }
  return '';
}

// ── CSV ──

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, otherwise Windows-1251. */
export function decodeText(file: Buffer): string {
  if (file.subarray(0, 3).equals(UTF8_BOM)) return file.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return iconv.decode(file, 'win1251');
  }
}

function readCsv(file: Buffer): Sheet {
  // Control bytes other than tab and line breaks do not occur in spreadsheet text: a binary file.
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0e-\x1f]/.test(file.subarray(0, 64 * 1024).toString('latin1'))) throw new BadRequestError(NOT_A_SPREADSHEET);
  const text = decodeText(file);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = count(firstLine, ';') >= count(firstLine, ',') && count(firstLine, ';') > 0 ? ';' : ',';
  const records = parseCsv(text, separator);
  const nonEmpty = records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (nonEmpty.length === 0) throw new BadRequestError(EMPTY_FILE);
  const [header, ...data] = nonEmpty;
  if (data.length > MAX_ROWS) throw new BadRequestError(TOO_MANY_ROWS);
  return {
    headers: header.cells.map((cell) => cell.trim()),
    rows: data.map((record) => ({ number: record.line, cells: record.cells.map((cell) => cell.trim()) })),
  };
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** RFC 4180 records: quoted fields may hold separators, doubled quotes and line breaks. */
export function parseCsv(text: string, separator: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (quoted) {
      if (character === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (character === '\n') line++;
        cell += character;
      }
    } else if (character === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (character === separator) {
      cells.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line++;
      recordLine = line;
      if (records.length > MAX_ROWS + 1) throw new BadRequestError(TOO_MANY_ROWS);
    } else cell += character;
  }
  if (quoted) throw new BadRequestError('В файле CSV не закрыта кавычка: проверьте файл в табличном редакторе');
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return records;
}
