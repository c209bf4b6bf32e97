const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest runs the longest suites first so that no worker is left with one long suite at the end. It
 * knows durations from its own cache of earlier runs; a fresh clone (CI) has none and falls back
 * to file size, which put the short files that start whole processes (start-up, shutdown) last.
 * `test/suite-durations.json` holds the seconds each suite took in a recorded run and stands in for
 * the cache where it has nothing. `JEST_RECORD_DURATIONS=1 npm test` rewrites it from that run.
 */
const ROOT = join(__dirname, '..', '..');
const RECORD = join(__dirname, '..', 'suite-durations.json');

function recorded() {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8'));
  } catch {
    return {};
  }
}

class SlowFirstSequencer extends Sequencer {
  constructor(...args) {
    super(...args);
    this.recorded = recorded();
  }

  /** Milliseconds: jest's own record of this machine's last run, else the committed one. */
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = this.recorded[relative(ROOT, test.path)];
    return seconds == null ? undefined : seconds * 1000;
  }

  cacheResults(tests, results) {
    super.cacheResults(tests, results);
    if (!process.env.JEST_RECORD_DURATIONS) return;
    const durations = { ...this.recorded };
    for (const result of results.testResults) {
      const { start, end } = result.perfStats;
      if (end > start) durations[relative(ROOT, result.testFilePath)] = Math.round((end - start) / 100) / 10;
    }
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(RECORD, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

module.exports = SlowFirstSequencer;
