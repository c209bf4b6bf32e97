import { roomLabel } from './room-label';

describe('roomLabel', () => {
  it('adds «ауд.» to a bare room name and keeps a name that already says it is a room', () => {
    expect(roomLabel('1-101')).toBe('ауд. 1-101');
    expect(roomLabel('А-101')).toBe('ауд. А-101');
    expect(roomLabel('Ауд. 22')).toBe('Ауд. 22');
    expect(roomLabel('ауд.22')).toBe('ауд.22');
    expect(roomLabel('Аудитория 5')).toBe('Аудитория 5');
    // A name that only begins with the same letters is not a room word.
    expect(roomLabel('Аудиовизуальный зал')).toBe('ауд. Аудиовизуальный зал');
  });
});
