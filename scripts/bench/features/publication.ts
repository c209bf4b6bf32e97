import { performance } from 'node:perf_hooks';
import { send } from '../load';
import { BenchFeature, Timed } from '../scenario';
import { log } from '../settings';
import { samplesBelow } from '../verdicts';

/**
 * Publication of a whole semester: a draft copy of the published autumn version (about 3,200 rules)
 * is created and published, which re-validates every rule (about 75,000 lessons) under the semester
 * lock. One request, timed once; it must stay last in the feature list, since it replaces the version
 * the other scenarios use.
 */
export const publication: BenchFeature = {
  name: 'publication',
  prepare({ seeded, target }) {
    const autumn = seeded.semesters.autumn;
    const timed = async (): Promise<Timed> => {
      const samples: Timed['samples'] = { publishMs: [] };
      const body = { semesterId: autumn.id, name: 'Копия для публикации', basedOnVersionId: autumn.versionId };
      const copy = await send(target, { method: 'POST', path: '/api/edu-office/schedule/versions', body });
      if (copy.status !== 200) return { samples, failed: `copy answered ${copy.status}: ${copy.body.slice(0, 300)}` };
      const draftId = (JSON.parse(copy.body) as { id: number }).id;
      const started = performance.now();
      const published = await send(target, { method: 'POST', path: `/api/edu-office/schedule/versions/${draftId}/publish`, body: { reason: 'Замер' } });
      const ms = performance.now() - started;
      if (published.status !== 200) return { samples, failed: `publish answered ${published.status}: ${published.body.slice(0, 300)}` };
      samples.publishMs.push(ms);
      log(`  publication of the ${autumn.ruleCount}-rule copy: ${ms.toFixed(0)} ms`);
      return { samples };
    };
    return { timed };
  },
  verdicts: (m) => [samplesBelow('publication of the whole autumn semester', m.timed('publication'), 'publishMs', 5000)],
};
