import type { ExportFormat } from './dto/schedule-export.query';
import type { ExportTarget } from './timetable-layout';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/**
 * «Расписание ИВТ-21 07.09.2026–13.09.2026.xlsx» for the user, with an ASCII fallback
 * («schedule-group-12_2026-09-07_2026-09-13.xlsx») for programs that ignore `filename*` (RFC 6266, 5987).
 */
export function contentDisposition(target: ExportTarget, startDate: string, endDate: string, format: ExportFormat): string {
  const russian = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
  // Letters, digits, spaces and a few marks stay; whatever a file system refuses becomes «_».
  const name = `Расписание ${target.name} ${russian(startDate)}–${russian(endDate)}`.replace(/[^\p{L}\p{N} .,()«»–_-]/gu, '_').slice(0, 150);
  const ascii = `schedule-${target.kind}-${target.id}_${startDate}_${endDate}.${format}`;
  const encoded = encodeURIComponent(`${name}.${format}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
