import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startMailCatcher } from '../mail-catcher';
import { ScratchServer, startScratchPostgres } from '../scratch-postgres';
import { FEATURES } from './features';
import { VIEWING_NAMES } from './features/viewing';
import { BARE_EXPRESS_NAME, startBareExpress } from './bare-express';
import { measure } from './load';
import { Measurements, Outcome, Scenario, Timed, Verdict } from './scenario';
import { seedDatabase, startService } from './service';
import { chosenScale, log, selected, SETTINGS } from './settings';
import { runTenants } from './tenants';
import { failures, printTable, printVerdicts } from './verdicts';

/**
 * `npm run bench:schedule`: seeds a university (BENCH_SCALE) into a scratch tenant, starts the compiled
 * service in its own process and measures every feature of `features/index.ts`: its load scenarios,
 * then its timed parts, then its verdicts. A selected scenario or target that measured nothing fails
 * the run (exit code 1) with a line saying which; a FAIL against a timing target does not (the figures
 * are read by people, on machines of any speed).
 *
 * Settings: see settings.ts; TEST_DATABASE_URL (that server instead of an embedded one), DB_POOL_MAX
 * (the app's pool, default 10), BENCH_SERVICE_NODE_ARGS (Node options of the service only);
 * BENCH_TENANTS=N (the many-universities run instead, tenants.ts) with BENCH_TENANTS_RATE (its steady
 * open-loop reads per second; half of the saturated rate by default).
 */
async function run(server: ScratchServer, cleanup: (work: () => Promise<void>) => void): Promise<boolean> {
  const data = await seedDatabase(server);
  cleanup(() => data.db.end());
  const mail = await startMailCatcher({ parse: false });
  cleanup(() => mail.close());
  const service = await startService(server, data, { SMTP_URL: mail.url });
  cleanup(service.stop);
  const baseline = await startBareExpress();
  cleanup(baseline.stop);
  const baselineWithClasses = await startBareExpress('request classes');
  cleanup(baselineWithClasses.stop);
  const context = {
    baseline: baseline.target,
    baselineWithClasses: baselineWithClasses.target,
    target: service.target,
    seeded: data.seeded,
    db: data.db,
    mail: mail.received,
    readConcurrency: SETTINGS.readConcurrency,
    writeConcurrency: SETTINGS.writeConcurrency,
    startService: async (env: Record<string, string>, script?: string) => {
      const other = await startService(server, data, env, undefined, script);
      cleanup(other.stop);
      return other;
    },
  };

  log(`Measuring: ${SETTINGS.warmupSeconds} s warm-up and ${SETTINGS.seconds} s per scenario`);
  // Every feature prepares before anything is measured (issue 16's ETags are taken on the seeded data).
  const prepared = [];
  for (const feature of FEATURES) prepared.push({ feature, ...(await feature.prepare(context)) });

  const outcomes: Outcome[] = [];
  for (const scenario of prepared.flatMap((part) => part.scenarios ?? ([] as Scenario[]))) {
    if (!selected(scenario.name)) {
      outcomes.push({ scenario, selected: false, skipped: 'not selected (BENCH_ONLY)' });
      continue;
    }
    const measured = await measure(scenario.target ?? service.target, scenario, SETTINGS);
    if (measured.probeLessons !== undefined && scenario.concurrency === 1) log(`  ${scenario.name}: the probe returned ${measured.probeLessons} lessons`);
    if (measured.result) {
      const r = measured.result;
      log(`  ${scenario.name} x${scenario.concurrency}: ${r.requests} requests, ${r.rps.toFixed(1)} rps, median ${r.medianMs.toFixed(1)} ms`);
    }
    outcomes.push({ scenario, selected: true, ...measured });
  }
  const timed = new Map<string, Timed>();
  for (const part of prepared) {
    if (part.timed && selected(part.feature.name)) timed.set(part.feature.name, await part.timed());
  }

  const atRead = (name: string) => outcomes.find((o) => o.scenario.name === name && o.scenario.concurrency === SETTINGS.readConcurrency);
  printTable(outcomes, { ceiling: atRead(VIEWING_NAMES.ceiling), express: atRead(BARE_EXPRESS_NAME) });
  const measurements: Measurements = {
    outcome: (name, concurrency) => outcomes.find((o) => o.scenario.name === name && (concurrency === undefined || o.scenario.concurrency === concurrency)),
    timed: (feature) => timed.get(feature),
    readConcurrency: SETTINGS.readConcurrency,
    scaleName: chosenScale().name,
  };
  const verdicts: Verdict[] = [];
  const general = FEATURES.filter((feature) => !feature.heading).flatMap((feature) => feature.verdicts?.(measurements) ?? []);
  printVerdicts('Targets:', general);
  verdicts.push(...general);
  for (const feature of FEATURES.filter((candidate) => candidate.heading)) {
    const own = feature.verdicts?.(measurements) ?? [];
    printVerdicts(feature.heading?.(measurements) ?? feature.name, own);
    verdicts.push(...own);
  }
  const failed = failures(outcomes, verdicts);
  if (failed.length > 0) {
    log('');
    log(`BENCHMARK FAILED: ${failed.length} measurement(s) measured nothing:`);
    for (const line of failed) log(`  ${line}`);
  }
  return failed.length === 0;
}

async function main(): Promise<void> {
  const cpuList = cpus();
  log(`Machine: ${cpuList.length} x ${cpuList[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`);
  const startedAt = performance.now();
  const server = await startScratchPostgres();
  log(`PostgreSQL: ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : `embedded, scratch directory, port ${server.port}`}`);

  // Cleanup runs in reverse order, also on Ctrl+C.
  const cleanups: (() => Promise<void>)[] = [() => server.stop()];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const work of cleanups.reverse()) await work().catch(() => undefined);
    })());
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  let ok = false;
  try {
    const tenants = Number(process.env.BENCH_TENANTS ?? 0);
    if (!Number.isInteger(tenants) || tenants < 0 || tenants > 200) throw new Error('BENCH_TENANTS must be an integer in 0..200');
    // BENCH_TENANTS=N: the many-universities run of issue 29 instead of the features.
    ok = tenants > 0 ? await runTenants(server, tenants, (work) => cleanups.push(work)) : await run(server, (work) => cleanups.push(work));
  } catch (error) {
    log(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanUp();
  }
  log(`\nDone in ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);
  process.exit(ok ? 0 : 1);
}

void main();
