/**
 * At most `size` pieces of one kind of work at once in this process; the rest wait in arrival order.
 * For work whose memory grows with how many run together (a whole semester expanded in memory), where
 * the CPU could not run more of it at once anyway. Per process: instances do not share slots.
 */
export class WorkSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('WorkSlots needs a size of at least 1');
  }

  /** How many wait for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
