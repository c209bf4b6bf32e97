import { foldLines, icalDocument } from './ical-document';

describe('icalDocument', () => {
  const event = {
    uid: 'lesson-7-2026-09-01@alpha',
    start: new Date('2026-09-01T05:30:00Z'),
    end: new Date('2026-09-01T07:00:00Z'),
    summary: 'Математический анализ и дифференциальные уравнения (Лекция)',
    location: 'Ауд. 101',
    description: 'Преподаватель: Иванов Иван Иванович\nГруппы: ИВТ-101, ИВТ-102, ИВТ-103, ИВТ-104\nФормат: Очно',
    cancelled: true,
    sequence: 3,
    lastModified: new Date('2026-09-01T00:00:00Z'),
  };

  it('writes one VEVENT per event inside one VCALENDAR, with CRLF lines of at most 75 octets', () => {
    const text = icalDocument('Расписание группы: ИВТ-101', [event, { ...event, uid: 'lesson-8-2026-09-02@alpha', cancelled: false }], new Date(), 'Asia/Vladivostok');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('UID:lesson-7-2026-09-01@alpha');
    expect(text).toContain('STATUS:CANCELLED');
    expect(text).toContain('SEQUENCE:3');
    expect(text).toContain('DTSTART:20260901T053000Z');
    // The university's zone is named before the events (times stay UTC).
    expect(text.indexOf('X-WR-TIMEZONE:Asia/Vladivostok\r\n')).toBeGreaterThan(0);
    expect(text.indexOf('X-WR-TIMEZONE')).toBeLessThan(text.indexOf('BEGIN:VEVENT'));
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Unfolding gives the description back whole.
    expect(text.replace(/\r\n /g, '')).toContain('DESCRIPTION:Преподаватель: Иванов Иван Иванович\\nГруппы: ИВТ-101\\, ИВТ-102\\, ИВТ-103\\, ИВТ-104\\nФормат: Очно');
  });

  it('folds only between characters, also for 4-octet ones', () => {
    const line = `SUMMARY:${'Ж'.repeat(50)}${'😀'.repeat(10)}`;
    const folded = foldLines(line);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(foldLines('SHORT:line')).toBe('SHORT:line');
  });
});
