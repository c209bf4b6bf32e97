import { setTimeout as sleep } from 'node:timers/promises';
import { DomainLocks } from './domain-locks';

describe('DomainLocks', () => {
  it('runs work of one key one after another, in call order, even when one fails', async () => {
    const locks = new DomainLocks();
    const events: string[] = [];
    const work = (name: string, ms: number, fail = false) => async () => {
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([locks.run('a', work('1', 30, true)), locks.run('a', work('2', 5)), locks.run('a', work('3', 1))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('lets different keys run at the same time', async () => {
    const locks = new DomainLocks();
    const events: string[] = [];
    // `a` finishes only after `b` has: were keys serialised, `b` would wait for `a` for ever (no timers,
    // so a loaded machine cannot reorder them).
    let bFinished!: () => void;
    const bDone = new Promise<void>((resolve) => (bFinished = resolve));
    await Promise.all([
      locks.run('a', async () => {
        events.push('a');
        await bDone;
        events.push('a done');
      }),
      locks.run('b', async () => {
        events.push('b');
        await Promise.resolve();
        events.push('b done');
        bFinished();
      }),
    ]);
    expect(events).toEqual(['a', 'b', 'b done', 'a done']);
  });
});
