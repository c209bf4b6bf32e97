import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('drops the least recently used entry beyond its capacity', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });

  it('deletes a key only while it still holds the given value', () => {
    const map = new LruMap<string, object>(2);
    const first = {};
    const second = {};
    map.set('a', first);
    map.set('a', second);
    map.deleteIf('a', first);
    expect(map.get('a')).toBe(second);
    map.deleteIf('a', second);
    expect(map.get('a')).toBeUndefined();
  });
});
