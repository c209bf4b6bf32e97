import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('keeps at most its capacity, forgetting the oldest first', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [index, key] of ['a', 'b', 'c', 'd', 'e'].entries()) map.set(key, index);
    expect(map.size).toBe(3);
    expect([map.has('a'), map.has('b')]).toEqual([false, false]);
    expect([map.get('c'), map.get('d'), map.get('e')]).toEqual([2, 3, 4]);
  });

  it('replaces the value of a key it holds without taking another place', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    expect([map.size, map.get('a'), map.get('b')]).toEqual([2, 10, 2]);
    map.set('c', 3);
    expect([map.has('a'), map.get('b'), map.get('c')]).toEqual([false, 2, 3]);
  });

  it('never holds more than its capacity when keys are forgotten and added again', () => {
    const map = new BoundedMap<number, number>(4);
    for (let i = 0; i < 1_000; i++) {
      map.set(i % 7, i);
      if (i % 3 === 0) map.delete((i * 5) % 7);
      expect(map.size).toBeLessThanOrEqual(4);
    }
  });
});
