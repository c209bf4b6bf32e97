import { evaluate } from './evaluate';
import { compile } from './model';
import type { SolverProblem } from './problem';
import { Random } from './random';
import { State } from './state';

describe('State.moveDelta', () => {
  it('judges a move exactly as making it changes the cost, on random placements with every soft term', () => {
    for (const seed of [1, 2, 3]) {
      const rng = new Random(seed);
      const days = 3;
      const periods = 5;
      const cells = days * periods;
      const problem: SolverProblem = {
        days,
        periodsPerDay: periods,
        roomCapacities: [10, 20, 30, 40, 50, 60],
        resources: Array.from({ length: 10 }, (_, k) => ({
          gapWeight: k % 3,
          isolatedWeight: (k + 1) % 3,
          dayLimit: 2,
          overloadWeight: 3,
          ...(k % 2 === 0 ? { evenDayLimits: [1, 2], unevenWeight: 1 + (k % 3) } : {}),
          // Days per week (issue 54 §3) on most resources, a teacher's among them.
          ...(k % 4 !== 3 ? { weekDayLimit: 1 + (k % 2), extraDayWeight: 1 + (k % 3), teacher: k % 4 === 1 } : {}),
        })),
        courses: Array.from({ length: 8 }, () => ({ minWorkingDays: 1 + rng.int(3) })),
        events: Array.from({ length: 40 }, (_, e) => ({
          course: e % 8,
          resources: [rng.int(10), rng.int(10)],
          weeks: 1 + rng.int(3),
          students: 5 + rng.int(55),
          allowedCells: null,
          rooms: rng.int(6) === 0 ? [] : null,
          cellCost: Int32Array.from({ length: cells }, () => rng.int(3)),
          initial: rng.int(2) === 0 ? { cell: rng.int(cells), room: rng.int(6) } : null,
          // A few fixed events may share a slot with others: the counters then hold more than one.
          fixed: e < 3,
        })),
        weights: {
          capacityPerStudent: 1,
          capacityPerLesson: 2,
          oversizedPerLesson: 1,
          oversizeRatio: 2,
          oversizeMinEmpty: 10,
          minWorkingDaysWeight: 5,
          roomStabilityWeight: 1,
          movedWeight: 4,
          lastPeriodWeight: 3,
        },
      };
      const m = compile(problem);
      const st = new State(m);
      for (let e = 0; e < m.E; e++) if (m.fixed[e]) st.place(e, m.initCell[e], m.initRoom[e]);
      for (let e = 0; e < m.E; e++) {
        if (m.fixed[e]) continue;
        for (let tries = 0; tries < 20; tries++) {
          const c = rng.int(cells);
          const r = m.needsRoom[e] ? rng.int(6) : -1;
          if (st.free(e, c, r)) {
            st.place(e, c, r);
            break;
          }
        }
      }
      let judged = 0;
      for (let k = 0; k < 2000; k++) {
        const e = rng.int(m.E);
        if (m.fixed[e] || st.cell[e] < 0) continue;
        const c0 = st.cell[e];
        const c = rng.int(3) === 0 ? c0 : rng.int(cells);
        const r = m.needsRoom[e] ? rng.int(6) : -1;
        if ((c === c0 && r === st.room[e]) || (c !== c0 && !st.resourcesFree(e, c)) || (r >= 0 && !st.roomFree(e, c, r))) continue;
        const before = st.cost;
        const movedBefore = st.moved;
        const delta = st.moveDelta(e, c, r);
        st.unplace(e);
        st.place(e, c, r);
        expect(st.cost - before).toBe(delta);
        expect(st.moved - movedBefore).toBe(st.lastMovedDelta);
        judged++;
      }
      expect(judged).toBeGreaterThan(200);
      // The kept cost is the plain recount's, the new terms included.
      const recount = evaluate(problem, st.cell, st.room);
      expect(st.cost).toBe(recount.cost);
      expect(recount.terms.find((term) => term.code === 'LAST_PERIOD')?.penalty).toBeGreaterThan(0);
      expect(recount.terms.find((term) => term.code === 'EXTRA_DAYS')?.penalty).toBeGreaterThan(0);
    }
  });
});
