import { bool, date, int, listOf, nullable, object, oneOf, rowShape, RowShapeError, text, timestamp, tuple } from './row-shape';

describe('row shapes: rows are checked where they enter', () => {
  const LESSON = rowShape({
    id: int,
    subject: text,
    lessonDate: date,
    roomId: nullable(int),
    kind: oneOf('LECTURE', 'PRACTICE'),
    cancelled: bool,
    changedAt: timestamp,
    teachers: listOf(object({ id: int, name: text })),
  });
  const good = () => ({
    id: 7,
    subject: 'Физика',
    lessonDate: '2026-09-01',
    roomId: null,
    kind: 'LECTURE',
    cancelled: false,
    changedAt: new Date(),
    teachers: [{ id: 1, name: 'Иванов' }],
  });

  it('passes rows of the declared shape through unchanged', () => {
    const rows = [good(), { ...good(), roomId: 12 }];
    expect(LESSON.check(rows)).toBe(rows);
  });

  it.each([
    ['a renamed alias (the declared column is missing)', (row: Record<string, unknown>) => (delete row.roomId, (row.room_id = 3)), 'column "roomId" is missing'],
    ['a column that became nullable', (row: Record<string, unknown>) => (row.subject = null), 'column "subject" is not text'],
    ['a date that arrived as a Date', (row: Record<string, unknown>) => (row.lessonDate = new Date()), 'column "lessonDate" is not date'],
    ['a value outside the closed set', (row: Record<string, unknown>) => (row.kind = 'SEMINAR'), 'column "kind" is not one of LECTURE, PRACTICE'],
    ['a JSON aggregate of another form', (row: Record<string, unknown>) => (row.teachers = [{ id: 1, fullName: 'Иванов' }]), 'column "teachers" is not list of {id, name}'],
    ['a column nobody declared', (row: Record<string, unknown>) => (row.extra = 1), 'column "extra" is not declared'],
    ['a bigint kept as text', (row: Record<string, unknown>) => (row.id = '7'), 'column "id" is not integer'],
  ])('refuses %s, naming the row and the column but no value', (_case, spoil, message) => {
    const bad = good() as Record<string, unknown>;
    spoil(bad);
    const check = () => LESSON.check([good(), bad]);
    expect(check).toThrow(RowShapeError);
    expect(check).toThrow(`row 2: ${message}`);
    expect(() => check()).not.toThrow(/Физика|Иванов/);
  });
});

describe('tuple: a JSON array of fixed form', () => {
  it('takes [id, size] pairs and refuses a pair of another length or kind', () => {
    const SIZES = rowShape({ sizes: listOf(tuple(int, int)) });
    expect(SIZES.check([{ sizes: [[1, 30], [2, 25]] }])[0].sizes).toEqual([[1, 30], [2, 25]]);
    expect(() => SIZES.check([{ sizes: [[1, 30, 5]] }])).toThrow('row 1: column "sizes" is not list of [integer, integer]');
    expect(() => SIZES.check([{ sizes: [[1, null]] }])).toThrow(RowShapeError);
  });
});
