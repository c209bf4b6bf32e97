import { performance } from 'node:perf_hooks';
import { send } from '../load';
import { BenchFeature, Timed } from '../scenario';
import { log, median } from '../settings';
import { samplesBelow } from '../verdicts';

/** Exports of each format timed (the first of them warms the service's code paths and caches too). */
const EXPORTS_PER_FORMAT = 5;
const FORMATS = ['xlsx', 'pdf'] as const;

/**
 * The schedule export (issue 28), one request at a time: a department's whole published autumn
 * semester as the XLSX grid (a worksheet per week, a column per group) and as the PDF posters (a page
 * per group and week), taking turns over the departments. The target: under 2 s.
 */
export const scheduleExport: BenchFeature = {
  name: 'schedule export',
  prepare({ seeded, target }) {
    const autumn = seeded.semesters.autumn;
    const timed = async (): Promise<Timed> => {
      const samples: Record<string, number[]> = { xlsxMs: [], pdfMs: [] };
      for (let index = 0; index < EXPORTS_PER_FORMAT; index++) {
        const departmentId = seeded.departmentIds[index % seeded.departmentIds.length];
        for (const format of FORMATS) {
          const path = `/api/schedule/export?departmentId=${departmentId}&startDate=${autumn.startDate}&endDate=${autumn.endDate}&format=${format}`;
          const started = performance.now();
          const answer = await send(target, { method: 'GET', path });
          samples[`${format}Ms`].push(performance.now() - started);
          if (answer.status !== 200) return { samples, failed: `${format} export answered ${answer.status}: ${answer.body.slice(0, 300)}` };
        }
      }
      log(`  department semester export (${autumn.startDate}..${autumn.endDate}): XLSX median ${median(samples.xlsxMs).toFixed(0)} ms, PDF median ${median(samples.pdfMs).toFixed(0)} ms`);
      return { samples };
    };
    return { timed };
  },
  verdicts: (m) => [
    samplesBelow('XLSX export of a department, whole semester', m.timed('schedule export'), 'xlsxMs', 2000),
    samplesBelow('PDF export of a department, whole semester (a page per group and week)', m.timed('schedule export'), 'pdfMs', 2000),
  ],
};
