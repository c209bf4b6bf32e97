import { roomWarnings, seatsWord, studentsWord } from './room-warnings';

describe('room warnings of a changed lesson', () => {
  const room = { name: '1-105', capacity: 20, equipmentIds: [1] };
  const needed = [
    { id: 1, name: 'Проектор' },
    { id: 2, name: 'Осциллограф' },
  ];

  it('names the seats and the students when the room is too small, and what equipment it lacks', () => {
    expect(roomWarnings({ lessonFormat: 'Очно', room, students: 25, needed })).toEqual([
      { code: 'ROOM_TOO_SMALL', message: 'В аудитории 1-105 20 мест, а на занятии 25 студентов' },
      { code: 'ROOM_LACKS_EQUIPMENT', message: 'В аудитории 1-105 нет оборудования «Осциллограф»' },
    ]);
  });

  it('says nothing of a room that fits, or of an online lesson', () => {
    expect(roomWarnings({ lessonFormat: 'Очно', room, students: 20, needed: [needed[0]] })).toEqual([]);
    expect(roomWarnings({ lessonFormat: 'Онлайн', room, students: 200, needed })).toEqual([]);
  });

  it('counts in Russian', () => {
    expect([1, 2, 5, 11, 21, 22, 112].map((count) => `${count} ${studentsWord(count)}`)).toEqual([
      '1 студент',
      '2 студента',
      '5 студентов',
      '11 студентов',
      '21 студент',
      '22 студента',
      '112 студентов',
    ]);
    expect([1, 3, 14, 24].map(seatsWord)).toEqual(['место', 'места', 'мест', 'места']);
  });
});
