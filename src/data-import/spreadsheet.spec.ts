import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { xlsx } from '../../test/support/import-builders';
import { cellText, decodeText, parseCsv, partsBeforeSheets, readSheet } from './spreadsheet';

describe('reading spreadsheets for the import', () => {
  it('decodes UTF-8 with or without BOM and falls back to Windows-1251', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Аудитория', 'utf8')]))).toBe('Аудитория');
    expect(decodeText(Buffer.from('Аудитория', 'utf8'))).toBe('Аудитория');
    expect(decodeText(iconv.encode('Чертёжный зал', 'win1251'))).toBe('Чертёжный зал');
  });

  it('parses quoted CSV cells with separators, doubled quotes and line breaks, keeping row numbers', () => {
    expect(parseCsv('a;b\r\n"x;1";"say ""hi"""\n"two\nlines";z\n', ';')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('detects the separator from the header line and skips empty lines', async () => {
    expect(await readSheet(Buffer.from('name,capacity\n\nА-1,30\n'))).toEqual({ headers: ['name', 'capacity'], rows: [{ number: 3, cells: ['А-1', '30'] }] });
    expect(await readSheet(Buffer.from('Аудитория;Вместимость\nА-1;30'))).toEqual({ headers: ['Аудитория', 'Вместимость'], rows: [{ number: 2, cells: ['А-1', '30'] }] });
  });

  it('reads a formula cell by its stored result, a date as a calendar date and rich text as its text', () => {
    expect(cellText({ formula: 'A1*2', result: 42 })).toBe('42');
    expect(cellText({ sharedFormula: 'B2', result: 'Корпус' })).toBe('Корпус');
    expect(cellText({ formula: 'NOW()' })).toBe('');
    expect(cellText(new Date('2026-09-01T00:00:00Z'))).toBe('2026-09-01');
    expect(cellText({ richText: [{ text: 'Ауд. ' }, { text: '101' }] })).toBe('Ауд. 101');
  });

  it('moves the sheets of an XLSX file behind the parts they need, with every entry kept byte for byte', async () => {
    const file = await xlsx(['Аудитория', 'Вместимость'], [['А-1', 30]]);
    const before = await JSZip.loadAsync(file);
    // ExcelJS, like Excel, stores the sheet before the shared strings and the workbook part.
    expect(Object.keys(before.files).indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(Object.keys(before.files).indexOf('xl/workbook.xml'));

    const after = await JSZip.loadAsync(await partsBeforeSheets(file));
    const names = Object.keys(after.files);
    const firstSheet = names.findIndex((name) => name.startsWith('xl/worksheets/'));
    for (const part of ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']) expect(names.indexOf(part)).toBeLessThan(firstSheet);
    expect(names.slice().sort()).toEqual(Object.keys(before.files).sort());
    for (const name of names) expect(await after.files[name].async('nodebuffer')).toEqual(await before.files[name].async('nodebuffer'));
  });

  it('reads the same ExcelJS-written file the same way every time (the streaming reader once lost its strings now and then)', async () => {
    const file = await xlsx(['Аудитория', 'Вместимость'], [['А-1', 30], ['Б-2', 'тридцать']]);
    const expected = { headers: ['Аудитория', 'Вместимость'], rows: [{ number: 2, cells: ['А-1', '30'] }, { number: 3, cells: ['Б-2', 'тридцать'] }] };
    const differing: unknown[] = [];
    for (let read = 0; read < 600; read++) {
      const sheet = await readSheet(file).catch((error: Error) => error.message);
      if (JSON.stringify(sheet) !== JSON.stringify(expected)) differing.push(sheet);
    }
    expect(differing).toEqual([]);
    // 600 reads take about 25 s on a quiet machine and went over jest's 60 s on a busy CI run.
  }, 180_000);
});
