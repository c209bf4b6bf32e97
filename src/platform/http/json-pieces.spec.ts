import { joinJsonPieces } from './json-pieces';

describe('joinJsonPieces', () => {
  const piece = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('joins serialised values into the JSON array JSON.stringify would write', () => {
    const values = [{ name: 'Иванов' }, 2, 'три', null];
    expect(joinJsonPieces(values.map(piece)).toString()).toBe(JSON.stringify(values));
    expect(joinJsonPieces([]).toString()).toBe('[]');
  });

  it('wraps them in the given opening and closing bytes', () => {
    expect(joinJsonPieces([piece(1), piece(2)], Buffer.from('{"items":['), Buffer.from('],"page":0}')).toString()).toBe('{"items":[1,2],"page":0}');
  });
});
