import { ImportKind } from './import-kind';

/**
 * An XLSX template of a kind: the Russian headers (the API field name and a hint in each header's
 * note) and one example row. The same file, filled in, imports as it is.
 */
export async function templateOf(kind: ImportKind): Promise<Buffer> {
  // Loaded on first use: ExcelJS costs more start-up than the rest of the import feature together.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind.name);
  sheet.addRow(kind.columns.map((column) => column.header));
  sheet.addRow(kind.columns.map((column) => column.example));
  kind.columns.forEach((column, index) => {
    const cell = sheet.getRow(1).getCell(index + 1);
    cell.font = { bold: true };
    const hint = [`Поле API: ${column.field}`, column.required ? 'Обязательный столбец' : 'Необязательный столбец', column.note].filter(Boolean);
    cell.note = hint.join('. ');
    sheet.getColumn(index + 1).width = Math.max(14, column.header.length + 4);
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
