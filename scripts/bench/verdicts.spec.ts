import { LoadResult } from './load';
import { Outcome, Scenario } from './scenario';
import { median } from './settings';
import { failures, medianBelow, ratioAtLeast, samplesBelow, shareOf } from './verdicts';

const scenario = (name: string, concurrency = 1): Scenario => ({ name, concurrency, requests: () => () => undefined });

function result(latencies: number[], errors = 0): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    elapsedMs: 8000,
    rps: latencies.length / 8,
    medianMs: sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN,
    p99Ms: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

const measured = (name: string, latencies: number[], errors = 0, concurrency = 1): Outcome => ({
  scenario: scenario(name, concurrency),
  selected: true,
  result: result(latencies, errors),
});

describe('median of timed samples', () => {
  it('takes the middle sample of an odd count and the mean of the middle two of an even one (the metrics rounds are even)', () => {
    expect(median([1.03, 0.99, 1.01])).toBe(1.01);
    expect(median([1.04, 0.98, 1.02, 1.0])).toBeCloseTo(1.01, 10);
    expect(median([])).toBeNaN();
  });
});

describe('benchmark verdicts', () => {
  it('judges a measured scenario against its limit', () => {
    expect(medianBelow('feed', measured('feed', [10, 20, 30]), 50).status).toBe('PASS');
    expect(medianBelow('feed', measured('feed', [60, 70, 80]), 50).status).toBe('FAIL');
    expect(medianBelow('feed', measured('feed', [10, 20, 30], 1), 50).status).toBe('FAIL');
  });

  it('reports a scenario with 0 samples as not measured and fails the run, instead of a verdict on NaN', () => {
    const empty = measured('GET /ical/<secret>.ics: a group feed, first fetch (generated)', []);
    const verdict = medianBelow('a group feed, generated', empty, 50);
    expect(verdict.status).toBe('NOT MEASURED');
    expect(verdict.detail).toContain('0 requests');
    expect(verdict.detail).not.toContain('NaN');
    const lines = failures([empty], [verdict]);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('first fetch (generated)');
  });

  it('treats a scenario whose every request failed as not measured', () => {
    const refused = measured('rules', [], 12);
    expect(medianBelow('rules', refused, 150).status).toBe('NOT MEASURED');
    expect(failures([refused], [])).toHaveLength(1);
  });

  it('treats a selected scenario that never ran (its probe was refused) as not measured', () => {
    const probeFailed: Outcome = { scenario: scenario('free rooms'), selected: true, skipped: 'the probe answered 404' };
    expect(medianBelow('free rooms', probeFailed, 100)).toMatchObject({ status: 'NOT MEASURED', detail: 'the probe answered 404' });
    expect(failures([probeFailed], [])).toHaveLength(1);
  });

  it('only skips what BENCH_ONLY left out, without failing the run', () => {
    const left: Outcome = { scenario: scenario('quality'), selected: false, skipped: 'not selected (BENCH_ONLY)' };
    expect(medianBelow('quality', left, 100).status).toBe('SKIPPED');
    expect(samplesBelow('absence wizard', undefined, 'wizardMs', 300).status).toBe('SKIPPED');
    expect(failures([left], [])).toEqual([]);
  });

  it('needs samples on both sides of a ratio to the ceiling', () => {
    const ceiling = measured('me', [1, 1, 1, 1], 0, 16);
    expect(ratioAtLeast('week', measured('week', [2, 2], 0, 16), ceiling, 0.25)).toMatchObject({ status: 'PASS', detail: expect.stringContaining('= 0.50') });
    expect(ratioAtLeast('week', measured('week', [], 0, 16), ceiling, 0.25).status).toBe('NOT MEASURED');
    expect(ratioAtLeast('week', measured('week', [2], 0, 16), measured('me', [], 3, 16), 0.25).status).toBe('NOT MEASURED');
  });

  it('judges a ratio to bare Express and shows shares only at the same concurrency', () => {
    const express = measured('express', [1, 1, 1, 1, 1, 1, 1, 1], 0, 16);
    const me = measured('me', [1, 1, 1, 1], 0, 16);
    expect(ratioAtLeast('me', me, express, 0.6, "bare Express's")).toMatchObject({
      label: "me >= 0.6 of bare Express's throughput (16 connections)",
      status: 'FAIL',
      detail: expect.stringContaining('= 0.50'),
    });
    expect(ratioAtLeast('me', me, measured('express', [], 0, 16), 0.6, "bare Express's").label).toContain('(bare Express)');
    expect(shareOf(me, express)).toBe('0.50');
    expect(shareOf(measured('me', [1], 0, 1), express)).toBe('-');
    expect(shareOf(me, undefined)).toBe('-');
  });

  it('reports a timed part with no samples as not measured, with the reason it stopped', () => {
    const verdict = samplesBelow('publication', { samples: { publishMs: [] }, failed: 'copy answered 500' }, 'publishMs', 5000);
    expect(verdict).toMatchObject({ status: 'NOT MEASURED', detail: 'copy answered 500' });
    expect(failures([], [verdict])).toEqual(['publication median < 5 s: copy answered 500']);
    expect(samplesBelow('publication', { samples: { publishMs: [4200] } }, 'publishMs', 5000)).toMatchObject({ status: 'PASS', detail: '4.20 s' });
  });
});
