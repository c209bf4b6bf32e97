import { toPage } from '../../platform/http/paging';
import { OverrideResponse } from './dto/override-response.dto';
import { RegistryAnswer } from './registry-cache';

/** Entries as the registry answers them; only what JSON sees matters here (names in Russian, nulls, lists). */
function entries(count: number): OverrideResponse[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    action: index % 3 === 0 ? 'CANCEL' : 'REPLACE',
    lessonDate: `2026-09-${String(7 + (index % 5)).padStart(2, '0')}`,
    targetLessonDate: null,
    subjectName: `Математический анализ «${index}» \\ "кавычки"`,
    groupIds: [index, index + 1],
    groupNames: ['ИВТ-21', 'ПИ-22'],
    newTeacherName: index % 2 ? null : 'Иванова А. Б.',
    comment: index % 4 ? '' : 'перенос\nна другой день',
  })) as unknown as OverrideResponse[];
}

describe('RegistryAnswer', () => {
  const all = entries(23);

  it('writes the whole registry as JSON.stringify would', () => {
    expect(new RegistryAnswer(all).json.toString('utf8')).toBe(JSON.stringify(all));
    expect(new RegistryAnswer([]).json.toString('utf8')).toBe('[]');
  });

  it('puts each page together from the entries it holds, the same bytes as JSON.stringify(toPage(…))', () => {
    const answer = new RegistryAnswer(all);
    const chosenSets = [all.map((_, index) => index), all.map((_, index) => index).reverse(), [4, 1, 17], []];
    for (const chosen of chosenSets) {
      for (const [page, size] of [
        [0, 10],
        [1, 10],
        [2, 10],
        [7, 10],
        [0, 100],
        [0, 1],
      ]) {
        const expected = JSON.stringify(toPage(chosen.slice(page * size, (page + 1) * size).map((index) => all[index]), chosen.length, page, size));
        expect(answer.pageJson(chosen, page, size).toString('utf8')).toBe(expected);
      }
    }
    // The whole list asked for after pages is still the same.
    expect(answer.json.toString('utf8')).toBe(JSON.stringify(all));
  });
});
