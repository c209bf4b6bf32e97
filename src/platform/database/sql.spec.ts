import { plural } from '../http/russian';
import { containsPattern } from './sql';

describe('plural', () => {
  it.each([
    [1, 'группа'],
    [2, 'группы'],
    [4, 'группы'],
    [5, 'групп'],
    [11, 'групп'],
    [12, 'групп'],
    [21, 'группа'],
    [22, 'группы'],
    [111, 'групп'],
    [0, 'групп'],
  ])('%i %s', (count, word) => {
    expect(plural(count, 'группа', 'группы', 'групп')).toBe(word);
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards so that they match literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
