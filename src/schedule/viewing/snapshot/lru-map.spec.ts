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

  it('drops the least recently used entries until the sizes fit the budget', () => {
    const map = new LruMap<string, number>(10);
    map.set('a', 40);
    map.set('b', 30);
    map.set('c', 20);
    map.get('a'); // order now b, c, a
    expect(map.evictOver(100, (size) => size)).toEqual([]);
    expect(map.evictOver(60, (size) => size)).toEqual(['b']);
    expect([...map.values()]).toEqual([20, 40]);
    expect(map.evictOver(0, (size) => size)).toEqual(['c', 'a']);
    expect(map.size).toBe(0);
  });

  it('keeps everything when the budget is not exceeded, even at the limit', () => {
    const map = new LruMap<string, number>(10);
    map.set('a', 50);
    map.set('b', 50);
    expect(map.evictOver(100, (size) => size)).toEqual([]);
    expect(map.evictOver(99, (size) => size)).toEqual(['a']);
    expect(map.get('b')).toBe(50);
  });

  it('keeps the order when the newest key is read again, dropped and added back', () => {
    const map = new LruMap<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('b')).toBe(2);
    expect(map.get('b')).toBe(2); // already the most recent: nothing moves
    expect([...map.values()]).toEqual([1, 2]);
    map.deleteIf('b', 2);
    expect(map.get('b')).toBeUndefined();
    map.set('c', 3);
    map.set('b', 4);
    expect(map.get('a')).toBe(1); // order now c, b, a
    expect([...map.values()]).toEqual([3, 4, 1]);
    map.set('d', 5); // beyond the capacity: c goes
    expect([...map.values()]).toEqual([4, 1, 5]);
    expect(map.get('d')).toBe(5);
    expect([...map.values()]).toEqual([4, 1, 5]);
  });
});
