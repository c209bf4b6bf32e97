import { LessonChangedEvent } from '../../platform/outbox/outbox';
import { ChangeNames, describeLessonChange } from './lesson-change-text';

describe('the notice of a changed lesson (issue 55)', () => {
  const names: ChangeNames = {
    subjects: new Map([[1, 'Физика']]),
    lessonTypes: new Map([[1, 'Лекция']]),
    groups: new Map([[7, 'ФИЗ-231']]),
    people: new Map([
      [3, 'Иванов И. И.'],
      [4, 'Петров П. П.'],
    ]),
    classrooms: new Map([
      [10, '1-101'],
      [11, '1-105'],
    ]),
    timeSlots: new Map([[5, { orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00' }]]),
  };
  const at = { date: '2026-09-08', timeSlotId: 5, teacherId: 3, classroomId: 10, format: 'Очно' };
  const event = (after: Partial<typeof at>) =>
    ({ overrideId: 1, operation: 'created', subjectId: 1, lessonTypeId: 1, lessonDate: '2026-09-08', groupIds: [7], before: at, after: { ...at, ...after } }) as unknown as LessonChangedEvent;

  it('reads a room change as one: «Аудитория: 1-101 → 1-105»', () => {
    expect(describeLessonChange(event({ classroomId: 11 }), names).lines).toEqual([
      '«Физика» (лекция), группы: ФИЗ-231',
      'Аудитория: 1-101 → 1-105',
      'Было: вт 08.09, 08:30–10:00 (1-я пара), ауд. 1-101, Иванов И. И.',
      'Стало: вт 08.09, 08:30–10:00 (1-я пара), ауд. 1-105, Иванов И. И.',
    ]);
  });

  it('reads a lesson made online as «онлайн», without a room', () => {
    const lines = describeLessonChange(event({ format: 'Онлайн' }), names).lines;
    expect(lines[1]).toBe('Формат: онлайн');
    expect(lines[3]).toBe('Стало: вт 08.09, 08:30–10:00 (1-я пара), онлайн, Иванов И. И.');
    expect(lines.join('\n')).not.toMatch(/ауд\. 1-101.*онлайн/);
  });

  it('names a substitute teacher as «Замена»', () => {
    expect(describeLessonChange(event({ teacherId: 4 }), names).lines[1]).toBe('Замена: ведёт Петров П. П. вместо Иванов И. И.');
  });
});
