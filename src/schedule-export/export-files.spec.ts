import type { RenderedLessonDto } from '../schedule';
import { lessonsCsv } from './csv-lessons';
import { contentDisposition } from './file-names';
import { timetablePdf } from './pdf-timetable';
import { ExportTarget, layOut } from './timetable-layout';

const lesson = (fields: Partial<RenderedLessonDto>): RenderedLessonDto => ({
  scheduleRuleId: 1,
  scheduleRuleSlotId: 1,
  date: '2026-09-08',
  dayOfWeek: 2,
  dayName: 'Вторник',
  weekNumber: 2,
  parity: 'EVEN',
  timeSlotId: 1,
  timeSlotOrder: 1,
  startTime: '08:30:00',
  endTime: '10:00:00',
  subjectId: 1,
  subjectName: 'Физика',
  teacherId: 1,
  teacherName: 'Иванов И. И.',
  classroomId: 1,
  classroomName: '101',
  lessonTypeId: 1,
  lessonTypeName: 'Лекция',
  lessonFormat: 'Очно',
  subgroupId: null,
  subgroupName: null,
  subgroupIds: [],
  subgroupNames: [],
  groupIds: [1],
  groupNames: ['ИВТ-21'],
  activityType: 'Т',
  lessonTypeAcademicHours: 32,
  consumedLessonTypeAcademicHoursBeforeLesson: 2,
  remainingLessonTypeAcademicHoursAfterLesson: 28,
  scheduleOverrideId: null,
  overrideAction: null,
  originalLessonDate: null,
  ...fields,
});

const group: ExportTarget = { kind: 'group', id: 7, name: 'ИВТ/21: «вечер»', columns: [{ name: 'ИВТ-21', groupId: 1 }] };

describe('export files', () => {
  it('keeps a name that starts like a formula as text in the CSV, and quotes fields holding the separator', () => {
    const csv = lessonsCsv([lesson({ subjectName: '=HYPERLINK("x")', classroomName: 'Ауд. 1; корпус 2' })]).toString('utf8');
    const row = csv.split('\r\n')[1];
    expect(row).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(row).toContain(';"Ауд. 1; корпус 2";');
  });

  it('names the file in UTF-8 with an ASCII fallback, characters a file system refuses replaced', () => {
    const header = contentDisposition(group, '2026-09-07', '2026-09-13', 'pdf');
    expect(header).toBe(
      `attachment; filename="schedule-group-7_2026-09-07_2026-09-13.pdf"; filename*=UTF-8''${encodeURIComponent('Расписание ИВТ_21_ «вечер» 07.09.2026–13.09.2026.pdf')}`,
    );
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
  });

  it('shrinks a crowded cell into its box instead of running onto more pages', async () => {
    const long = 'Очень длинное название дисциплины, которое никак не помещается в одну строку ячейки плаката';
    const crowded = Array.from({ length: 8 }, (_, index) => lesson({ scheduleRuleSlotId: index + 1, subjectName: `${long} ${index}`, subgroupNames: ['Подгруппа 1'] }));
    const sheets = layOut(group, '2026-09-07', '2026-09-13', crowded, []);
    const pdf = (await timetablePdf(group, 'Расписание группы', sheets, () => 'Расписание группы')).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
  });
});
