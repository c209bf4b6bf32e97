/**
 * A small seeded generator (xorshift32), so a run is repeatable for a seed and an iteration count;
 * `Math.random` cannot be seeded.
 */
export class Random {
  private s: number;

  constructor(seed: number) {
    // Spread the seed so that 0, 1, 2 ... start far apart; xorshift must never hold 0.
    let s = (seed ^ 0x9e3779b9) >>> 0;
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
    this.s = (s ^ (s >>> 16)) >>> 0 || 1;
  }

  /** A 32-bit unsigned integer. */
  next(): number {
    let s = this.s;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    this.s = s >>> 0;
    return this.s;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return this.next() % n;
  }

  /** A number in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }
}
