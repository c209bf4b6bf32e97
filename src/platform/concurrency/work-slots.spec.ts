import { WorkSlots } from './work-slots';

describe('WorkSlots', () => {
  it('runs at most `size` at once, the rest in arrival order, and frees the slot when work fails', async () => {
    const slots = new WorkSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (n: number) =>
      slots.run(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (n === 1) throw new Error('failed work');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(slots.queued).toBe(0);
    // All slots are free again: two more start together.
    await Promise.all([job(6), job(7)]);
    expect(most).toBe(2);
  });
});
