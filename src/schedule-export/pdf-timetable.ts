import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedLessonDto } from '../schedule';
import { CHANGE_LEGEND, ExportTarget, hhmm, lessonLines, russianDate, TargetKind, WeekSheet, weekCaption } from './timetable-layout';

/**
 * The PDF: a poster for the corridor board, one A4 landscape page per week and per column (each group
 * of a department, or the one group, teacher or classroom). The page is the target's name, the week's
 * dates, number and parity, and a grid of pairs (down) by days (across); a cell's text wraps and
 * shrinks until it fits. DejaVu Sans is embedded (a subset), so Cyrillic prints and copies intact.
 */
const FONT_DIR = join(require.resolve('dejavu-fonts-ttf/package.json'), '..', 'ttf');

/** The fonts, read once per process (a request only embeds them). */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: readFileSync(join(FONT_DIR, 'DejaVuSans.ttf')), bold: readFileSync(join(FONT_DIR, 'DejaVuSans-Bold.ttf')) };
  return fonts;
}

const PAGE = { width: 841.89, height: 595.28, margin: 24 };
const PAIR_COLUMN = 64;
const HEADER_ROW = 22;
const FOOTER = 16;
const PAD = 3;
const MAX_SIZE = 8.5;
const MIN_SIZE = 4.5;
const CHANGED = '#ffe699';
const LINE = '#555555';

/** The lessons of one column in one row: the merged cell covering the column, if any. */
function lessonsAt(sheet: WeekSheet, row: number, column: number): RenderedLessonDto[] {
  for (let c = column; c >= 0; c--) {
    const cell = sheet.cells[row][c];
    if (cell) return c + cell.span > column ? cell.lessons : [];
  }
  return [];
}

/** A cell's text broken into lines at the largest size that fits its box. */
interface Fitted {
  size: number;
  lines: string[];
}

/**
 * Fitted texts by box and text, kept across requests: a week's lessons repeat through the semester and
 * across pages, and measuring words is the poster's main cost. Started afresh when it grows large.
 */
const fittedTexts = new Map<string, Fitted>();
const MAX_FITTED = 20_000;

/** Greedy word wrap at the current font size; a word wider than the box is cut by characters. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  const space = doc.widthOfString(' ');
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(' ')) {
      let rest = word;
      let size = doc.widthOfString(rest);
      while (size > width && rest.length > 1) {
        // Cut the longest head that fits (rare: a very long name in a narrow cell).
        let cut = rest.length - 1;
        while (cut > 1 && doc.widthOfString(rest.slice(0, cut)) > width) cut--;
        if (line) lines.push(line);
        lines.push(rest.slice(0, cut));
        line = '';
        used = 0;
        rest = rest.slice(cut);
        size = doc.widthOfString(rest);
      }
      if (line && used + space + size > width) {
        lines.push(line);
        line = '';
        used = 0;
      }
      line = line ? `${line} ${rest}` : rest;
      used = used ? used + space + size : size;
    }
    lines.push(line);
  }
  return lines;
}

/** The largest size from MAX_SIZE down at which `text` fits the box; at the smallest, what still does not fit ends in «…». */
function fit(doc: PDFKit.PDFDocument, text: string, width: number, height: number): Fitted {
  const key = `${width.toFixed(1)}|${height.toFixed(1)}|${text}`;
  const known = fittedTexts.get(key);
  if (known) return known;
  let fitted: Fitted | undefined;
  for (let size = MAX_SIZE; size >= MIN_SIZE && !fitted; size -= 0.5) {
    doc.fontSize(size);
    const lines = wrap(doc, text, width);
    if (lines.length * doc.currentLineHeight() <= height || size - 0.5 < MIN_SIZE) fitted = { size, lines };
  }
  const result = fitted as Fitted;
  doc.fontSize(result.size);
  const room = Math.max(1, Math.floor(height / doc.currentLineHeight()));
  if (result.lines.length > room) result.lines = [...result.lines.slice(0, room - 1), `${result.lines[room - 1]}…`];
  if (fittedTexts.size >= MAX_FITTED) fittedTexts.clear();
  fittedTexts.set(key, result);
  return result;
}

/**
 * One line of text at the current font, cut with «…» when wider than `width`, placed by hand: pdfkit
 * wraps any text given a width (a line wrapper per call), which cost more than the rest of a page.
 */
function textLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: 'left' | 'center' = 'left'): void {
  let shown = text;
  if (doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  const offset = align === 'center' ? Math.max(0, (width - doc.widthOfString(shown)) / 2) : 0;
  doc.text(shown, x + offset, y, { lineBreak: false });
}

/** Writes `text` into the box, wrapped and shrunk to fit (see fit). */
function fitText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number): void {
  doc.font('body');
  const { size, lines } = fit(doc, text, width, height);
  doc.fontSize(size);
  const step = doc.currentLineHeight();
  lines.forEach((line, index) => {
    if (line) doc.text(line, x, y + index * step, { lineBreak: false });
  });
}

function cellText(kind: TargetKind, lessons: RenderedLessonDto[], rowTime: string): string {
  return lessons
    .map((lesson) => {
      const time = `${hhmm(lesson.startTime)}–${hhmm(lesson.endTime)}`;
      const lines = lessonLines(kind === 'department' ? 'group' : kind, lesson);
      return (time === rowTime ? lines : [time, ...lines]).join('\n');
    })
    .join('\n\n');
}

function drawPage(doc: PDFKit.PDFDocument, target: ExportTarget, title: string, sheet: WeekSheet, column: number): void {
  doc.addPage({ size: 'A4', layout: 'landscape', margin: PAGE.margin });
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  doc.fillColor('black').font('bold').fontSize(15);
  textLine(doc, title, left, PAGE.margin, width);
  doc.font('body').fontSize(10);
  textLine(doc, weekCaption(sheet), left, PAGE.margin + 22, width);

  const dates = [...new Set(sheet.rows.map((row) => row.date))];
  const pairs = [...new Set(sheet.rows.map((row) => row.pair))];
  const rowAt = new Map(sheet.rows.map((row, index) => [`${row.date}#${row.pair}`, index]));
  const top = PAGE.margin + 42;
  const dayWidth = (width - PAIR_COLUMN) / Math.max(dates.length, 1);
  const rowHeight = (PAGE.height - PAGE.margin - FOOTER - top - HEADER_ROW) / Math.max(pairs.length, 1);

  doc.lineWidth(0.5).strokeColor(LINE);
  doc.font('bold').fontSize(8.5);
  doc.rect(left, top, PAIR_COLUMN, HEADER_ROW).stroke();
  textLine(doc, 'Пара', left + PAD, top + 6, PAIR_COLUMN - 2 * PAD, 'center');
  dates.forEach((date, index) => {
    const x = left + PAIR_COLUMN + index * dayWidth;
    doc.rect(x, top, dayWidth, HEADER_ROW).stroke();
    const dayName = sheet.rows.find((row) => row.date === date)?.dayName ?? '';
    doc.font('bold').fontSize(8.5);
    textLine(doc, `${dayName}, ${russianDate(date).slice(0, 5)}`, x + PAD, top + 6, dayWidth - 2 * PAD, 'center');
  });

  pairs.forEach((pair, p) => {
    const y = top + HEADER_ROW + p * rowHeight;
    const ofPair = sheet.rows.filter((row) => row.pair === pair);
    const rowTime = mostCommon(ofPair.map((row) => row.time));
    doc.rect(left, y, PAIR_COLUMN, rowHeight).stroke();
    if (pair !== null) {
      doc.font('bold').fontSize(10);
      textLine(doc, `${pair}`, left + PAD, y + PAD, PAIR_COLUMN - 2 * PAD, 'center');
      doc.font('body').fontSize(7.5);
      textLine(doc, rowTime, left + PAD, y + PAD + 13, PAIR_COLUMN - 2 * PAD, 'center');
    }
    dates.forEach((date, d) => {
      const x = left + PAIR_COLUMN + d * dayWidth;
      const rowIndex = rowAt.get(`${date}#${pair}`);
      const lessons = rowIndex === undefined ? [] : lessonsAt(sheet, rowIndex, column);
      if (lessons.some((lesson) => lesson.overrideAction)) doc.rect(x, y, dayWidth, rowHeight).fill(CHANGED);
      doc.rect(x, y, dayWidth, rowHeight).stroke();
      if (lessons.length > 0) {
        doc.fillColor('black');
        fitText(doc, cellText(target.kind, lessons, rowTime), x + PAD, y + PAD, dayWidth - 2 * PAD, rowHeight - 2 * PAD);
      }
    });
  });
  if (pairs.length === 1 && pairs[0] === null) {
    doc.font('body').fontSize(12);
    textLine(doc, 'На этой неделе занятий нет', left, top + HEADER_ROW + rowHeight / 2 - 6, width, 'center');
  }
  doc.fillColor('black').font('body').fontSize(7.5);
  textLine(doc, CHANGE_LEGEND, left, PAGE.height - PAGE.margin - FOOTER + 4, width);
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
}

/** Page titles: «Группа ИВТ-21» for each column of a department, else the target's own title. */
export async function timetablePdf(target: ExportTarget, title: string, sheets: WeekSheet[], columnTitle: (index: number) => string): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  // PDFKit (with its font engine) is loaded on the first PDF, not at the service's start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', autoFirstPage: false, info: { Title: title, Creator: 'Расписание' } });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const sheet of sheets) {
    target.columns.forEach((_, column) => drawPage(doc, target, columnTitle(column), sheet, column));
  }
  if (target.columns.length === 0) {
    // A department without active groups: one page that says so rather than a document without pages.
    doc.addPage({ size: 'A4', layout: 'landscape', margin: PAGE.margin });
    doc.font('bold').fontSize(15).text(title, PAGE.margin, PAGE.margin);
    doc.font('body').fontSize(11).text('У кафедры нет действующих групп: расписание пусто.', PAGE.margin, PAGE.margin + 26);
  }
  doc.end();
  return done;
}
