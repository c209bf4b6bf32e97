import type ExcelJS from 'exceljs';
import { CHANGE_LEGEND, cellText, ExportTarget, GridCell, russianDate, WeekSheet, weekCaption } from './timetable-layout';

/**
 * The XLSX workbook: one worksheet per week, laid out as the office's classic grid. Rows 1–2 are the
 * title and the week, row 3 the header (День, Пара, Время, then a column per group or one column), the
 * grid from row 4; the day cell spans its pairs; a lesson shared by adjacent groups is one merged cell;
 * a changed lesson's cell is filled and starts with «изм.»; the legend follows the grid.
 */
export const GRID_FIRST_ROW = 4;
export const GRID_FIRST_COLUMN = 4;

const CHANGED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE699' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } };
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};
const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

/** «07.09–13.09»: a worksheet name (at most 31 characters, none of : \ / ? * [ ]). */
function sheetName(sheet: WeekSheet): string {
  return `${russianDate(sheet.firstDate).slice(0, 5)}–${russianDate(sheet.lastDate).slice(0, 5)}`;
}

function writeWeek(workbook: ExcelJS.Workbook, target: ExportTarget, title: string, sheet: WeekSheet): void {
  const columnCount = GRID_FIRST_COLUMN - 1 + target.columns.length;
  const ws = workbook.addWorksheet(sheetName(sheet), {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '3:3' },
    views: [{ state: 'frozen', xSplit: GRID_FIRST_COLUMN - 1, ySplit: GRID_FIRST_ROW - 1 }],
  });
  ws.columns = [{ width: 14 }, { width: 6 }, { width: 12 }, ...target.columns.map(() => ({ width: target.columns.length > 1 ? 24 : 48 }))];

  ws.mergeCells(1, 1, 1, columnCount);
  ws.getCell(1, 1).value = title;
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  ws.mergeCells(2, 1, 2, columnCount);
  ws.getCell(2, 1).value = weekCaption(sheet);

  const header = ws.getRow(3);
  header.values = ['День', 'Пара', 'Время', ...target.columns.map((column) => column.name)];
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = THIN;
    cell.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
  });

  sheet.rows.forEach((row, index) => {
    const r = GRID_FIRST_ROW + index;
    const line = ws.getRow(r);
    line.getCell(2).value = row.pair;
    line.getCell(3).value = row.time;
    for (let c = 1; c <= columnCount; c++) {
      line.getCell(c).border = THIN;
      line.getCell(c).alignment = WRAP;
    }
    sheet.cells[index].forEach((cell, column) => writeCell(ws, target, r, GRID_FIRST_COLUMN + column, cell));
  });
  // The day's name and date once, spanning its pairs.
  let first = 0;
  sheet.rows.forEach((row, index) => {
    const last = index === sheet.rows.length - 1 || sheet.rows[index + 1].date !== row.date;
    if (!last) return;
    const top = GRID_FIRST_ROW + first;
    const bottom = GRID_FIRST_ROW + index;
    if (bottom > top) ws.mergeCells(top, 1, bottom, 1);
    const day = ws.getCell(top, 1);
    day.value = `${row.dayName}\n${russianDate(row.date)}`;
    day.font = { bold: true };
    day.alignment = WRAP;
    first = index + 1;
  });

  const legendRow = GRID_FIRST_ROW + sheet.rows.length + 1;
  ws.getCell(legendRow, 1).fill = CHANGED_FILL;
  ws.getCell(legendRow, 1).value = 'изм.';
  ws.mergeCells(legendRow, 2, legendRow, columnCount);
  ws.getCell(legendRow, 2).value = CHANGE_LEGEND;
}

function writeCell(ws: ExcelJS.Worksheet, target: ExportTarget, row: number, column: number, cell: GridCell | null): void {
  if (!cell || cell.lessons.length === 0) return;
  if (cell.span > 1) ws.mergeCells(row, column, row, column + cell.span - 1);
  const at = ws.getCell(row, column);
  at.value = cellText(target.kind, cell);
  if (cell.lessons.some((lesson) => lesson.overrideAction)) at.fill = CHANGED_FILL;
}

export async function timetableXlsx(target: ExportTarget, title: string, sheets: WeekSheet[]): Promise<Buffer> {
  // Loaded on first export, not at start-up: ExcelJS is the largest library the service uses.
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  workbook.creator = 'Расписание';
  workbook.created = new Date();
  for (const sheet of sheets) writeWeek(workbook, target, title, sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
