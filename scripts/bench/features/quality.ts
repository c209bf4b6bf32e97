import { performance } from 'node:perf_hooks';
import { send } from '../load';
import { BenchFeature, Timed } from '../scenario';
import { log, median } from '../settings';
import { samplesBelow } from '../verdicts';

/** Report requests and recommended lessons measured. */
const QUALITY_REPORTS = 5;
const QUALITY_RECOMMENDATIONS = 9;

type Problem = { scheduleRuleSlotId: number; lessonDate: string; optimizable: boolean; problemTypes: string[] };

/**
 * Quality analysis (issue 12), one request at a time: the report of the whole published autumn
 * semester (every lesson after the seeded one-off changes) several times, then recommendations for
 * the lessons the report names as optimizable: the biggest problems and a few oversized rooms.
 */
export const quality: BenchFeature = {
  name: 'quality',
  prepare({ seeded, target }) {
    const semesterId = seeded.semesters.autumn.id;
    const timed = async (): Promise<Timed> => {
      const reportMs: number[] = [];
      const recommendationMs: number[] = [];
      const samples = { reportMs, recommendationMs };
      let problems: Problem[] = [];
      let summary = '';
      for (let index = 0; index < QUALITY_REPORTS; index++) {
        const started = performance.now();
        const report = await send(target, { method: 'GET', path: `/api/edu-office/schedule/quality?semesterId=${semesterId}` });
        reportMs.push(performance.now() - started);
        if (report.status !== 200) return { samples, failed: `report answered ${report.status}: ${report.body.slice(0, 300)}` };
        const body = JSON.parse(report.body) as { score: number; lessonCount: number; rawPenalty: number; totalProblemCount: number; problems: Problem[] };
        problems = body.problems;
        summary = `score ${body.score}, ${body.lessonCount} lessons, raw penalty ${body.rawPenalty}, ${body.totalProblemCount} problem rules`;
      }
      let offered = 0;
      // The biggest problems (windows, mostly) and a few oversized rooms, which room changes can fix.
      const optimizable = problems.filter((item) => item.optimizable);
      const rooms = optimizable.filter((item) => item.problemTypes.includes('ROOM_OVERSIZED')).slice(0, Math.floor(QUALITY_RECOMMENDATIONS / 2));
      const chosen = [...optimizable.filter((item) => !rooms.includes(item)).slice(0, QUALITY_RECOMMENDATIONS - rooms.length), ...rooms];
      for (const problem of chosen) {
        const path =
          `/api/edu-office/schedule/quality/recommendations?semesterId=${semesterId}` +
          `&scheduleRuleSlotId=${problem.scheduleRuleSlotId}&lessonDate=${problem.lessonDate}`;
        const started = performance.now();
        const answer = await send(target, { method: 'GET', path });
        recommendationMs.push(performance.now() - started);
        if (answer.status !== 200) return { samples, failed: `recommendations answered ${answer.status}: ${answer.body.slice(0, 300)}` };
        offered += (JSON.parse(answer.body) as { recommendations: unknown[] }).recommendations.length;
      }
      log(
        `  quality: ${summary}; report median ${median(reportMs).toFixed(0)} ms; recommendations for ` +
          `${recommendationMs.length} lessons (${offered} offered) median ${recommendationMs.length ? median(recommendationMs).toFixed(0) : '-'} ms`,
      );
      return { samples };
    };
    return { timed };
  },
  verdicts: (m) => [
    samplesBelow('quality report of the whole published semester', m.timed('quality'), 'reportMs', 2000),
    samplesBelow('recommendations for one lesson', m.timed('quality'), 'recommendationMs', 500),
  ],
};
