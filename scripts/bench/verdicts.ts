import { LoadResult } from './load';
import { Outcome, Timed, Verdict } from './scenario';
import { log, median } from './settings';

/**
 * Verdicts on what was measured. A target is judged only on real samples: a scenario that was selected
 * but measured nothing (not run, refused, or 0 successful requests, whose median is NaN) is
 * NOT MEASURED, which fails the whole run; a scenario BENCH_ONLY left out is SKIPPED.
 */

/** Why an outcome holds no usable samples, or undefined when it does. */
export function unmeasured(outcome: Outcome | undefined): string | undefined {
  if (!outcome) return 'no such scenario';
  if (!outcome.result) return outcome.skipped ?? 'not run';
  const successes = outcome.result.requests - outcome.result.errors;
  if (successes <= 0 || !Number.isFinite(outcome.result.medianMs)) {
    return `${outcome.result.requests} requests, ${successes > 0 ? successes : 0} answered as expected: nothing measured`;
  }
  return undefined;
}

/** SKIPPED when BENCH_ONLY left the scenario out, NOT MEASURED when it has no samples, else undefined. */
function missing(label: string, outcome: Outcome | undefined): Verdict | undefined {
  if (outcome && !outcome.selected) return { label, status: 'SKIPPED', detail: 'not selected (BENCH_ONLY)' };
  const reason = unmeasured(outcome);
  return reason === undefined ? undefined : { label, status: 'NOT MEASURED', detail: reason };
}

export const passFail = (ok: boolean): 'PASS' | 'FAIL' => (ok ? 'PASS' : 'FAIL');

/** The median of one scenario below a limit, without errors. */
export function medianBelow(label: string, outcome: Outcome | undefined, limitMs: number): Verdict {
  const absent = missing(`${label} median < ${limitMs} ms`, outcome);
  if (absent) return absent;
  const result = outcome?.result as LoadResult;
  return {
    label: `${label} median < ${limitMs} ms`,
    status: passFail(result.medianMs < limitMs && result.errors === 0),
    detail: `${result.medianMs.toFixed(1)} ms, ${result.errors} errors`,
  };
}

/** A scenario's throughput as a share of the ceiling's (both at the same concurrency); `of` names another reference. */
export function ratioAtLeast(label: string, outcome: Outcome | undefined, ceiling: Outcome | undefined, share: number, of = "the ceiling's"): Verdict {
  const title = `${label} >= ${share} of ${of} throughput`;
  const absent = missing(title, outcome) ?? missing(`${title} (${of.replace(/'s$/, '')})`, ceiling);
  if (absent) return absent;
  const measured = outcome?.result as LoadResult;
  const top = ceiling?.result as LoadResult;
  const ratio = measured.rps / top.rps;
  return {
    label: `${title} (${outcome?.scenario.concurrency} connections)`,
    status: passFail(ratio >= share),
    detail: `${measured.rps.toFixed(1)} / ${top.rps.toFixed(1)} rps = ${ratio.toFixed(2)}`,
  };
}

/**
 * The median of a feature's timed samples below a limit. `timed` undefined: BENCH_ONLY left the
 * feature out; a failure or no samples: NOT MEASURED.
 */
export function samplesBelow(label: string, timed: Timed | undefined, key: string, limitMs: number): Verdict {
  const title = `${label} median < ${limitMs >= 1000 ? `${limitMs / 1000} s` : `${limitMs} ms`}`;
  if (!timed) return { label: title, status: 'SKIPPED', detail: 'not selected (BENCH_ONLY)' };
  const samples = timed.samples[key] ?? [];
  if (samples.length === 0) return { label: title, status: 'NOT MEASURED', detail: timed.failed ?? 'no samples' };
  const value = median(samples);
  const shown = limitMs >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
  return { label: title, status: passFail(value < limitMs && !timed.failed), detail: timed.failed ? `${shown}, then failed: ${timed.failed}` : shown };
}

export function printVerdicts(heading: string, verdicts: readonly Verdict[]): void {
  if (verdicts.length === 0) return;
  log('');
  log(heading);
  for (const verdict of verdicts) log(`  ${verdict.label}: ${verdict.detail} -> ${verdict.status}`);
}

/** The lines that make the run fail: every selected scenario and verdict that measured nothing. */
export function failures(outcomes: readonly Outcome[], verdicts: readonly Verdict[]): string[] {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    if (!outcome.selected) continue;
    const reason = unmeasured(outcome);
    if (reason !== undefined) lines.push(`«${outcome.scenario.name}» x${outcome.scenario.concurrency}: ${reason}`);
  }
  for (const verdict of verdicts) if (verdict.status === 'NOT MEASURED') lines.push(`${verdict.label}: ${verdict.detail}`);
  return [...new Set(lines)];
}

/**
 * A scenario's throughput as a share of a reference's, both at the same concurrency and measured;
 * '-' otherwise (another concurrency, or nothing to compare).
 */
export function shareOf(outcome: Outcome, reference: Outcome | undefined): string {
  const measured = outcome.result;
  const top = reference?.result;
  if (!measured || !top || unmeasured(outcome) !== undefined || unmeasured(reference) !== undefined) return '-';
  if (outcome.scenario.concurrency !== reference?.scenario.concurrency) return '-';
  return (measured.rps / top.rps).toFixed(2);
}

/** The table of scenarios; each read at the read concurrency also as a share of the ceiling's and of bare Express's throughput. */
export function printTable(outcomes: readonly Outcome[], references: { ceiling?: Outcome; express?: Outcome } = {}): void {
  const rows = outcomes.map((outcome) => {
    const { scenario, result, skipped } = outcome;
    const reason = outcome.selected ? unmeasured(outcome) : undefined;
    if (!result) return [scenario.name, String(scenario.concurrency), '-', '-', '-', '-', '-', '-', `${outcome.selected ? 'NOT MEASURED' : 'skipped'}: ${skipped}`];
    return [
      scenario.name,
      String(scenario.concurrency),
      String(result.requests),
      result.rps.toFixed(1),
      Number.isFinite(result.medianMs) ? result.medianMs.toFixed(2) : '-',
      Number.isFinite(result.p99Ms) ? result.p99Ms.toFixed(2) : '-',
      shareOf(outcome, references.ceiling),
      shareOf(outcome, references.express),
      reason === undefined ? String(result.errors) : `NOT MEASURED: ${reason}`,
    ];
  });
  const header = ['Scenario', 'Conc.', 'Requests', 'RPS', 'Median ms', 'p99 ms', '/ceiling', '/Express', 'Errors'];
  const last = header.length - 1;
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (i === last ? 0 : row[i].length))));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 || i === last ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log('');
  log(line(header));
  log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) log(line(row));
  for (const { scenario, result } of outcomes) {
    if (result?.firstError) log(`  first error of «${scenario.name}»: ${result.firstError}`);
  }
}
