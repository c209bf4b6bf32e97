import { Counter, Histogram, Registry } from 'prom-client';
import { RequestTally } from './request-tally';

const COUNTER = { name: 'timetable_http_requests_total', help: 'HTTP requests answered, by route template, method, status and tenant' };
const HISTOGRAM = { name: 'timetable_http_request_duration_seconds', help: 'Time from the request to\nthe end of the answer \\ by labels' };
const BOUNDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** prom-client's own Counter and Histogram, fed the same requests: what Prometheus read before the tally. */
function promClient() {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status', 'tenant'] as const;
  const counter = new Counter({ ...COUNTER, labelNames, registers: [registry] });
  const histogram = new Histogram({ ...HISTOGRAM, labelNames, buckets: BOUNDS, registers: [registry] });
  return {
    registry,
    record(method: string, route: string, status: number, tenant: string, seconds: number) {
      const labels = { method, route, status: String(status), tenant };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    },
  };
}

describe('RequestTally', () => {
  it('writes the same Prometheus text as prom-client for the same requests, bucket edges and odd label values included', async () => {
    const tally = new RequestTally(COUNTER, HISTOGRAM, BOUNDS);
    const reference = promClient();
    const requests: [string, string, number, string, number][] = [
      ['GET', '/api/auth/me', 200, 'alpha', 0.0013],
      ['GET', '/api/auth/me', 200, 'alpha', 0.002], // exactly on a bound: counted in that bucket
      ['GET', '/api/auth/me', 401, 'beta', 0.0071],
      ['POST', '/api/users/:id/restore', 404, 'alpha', 7.5], // above every bound: only in +Inf
      ['GET', '(unmatched)', 404, 'none', 0.3],
      ['GET', '/api/a"b\\c\nd', 500, 'alpha', 0.049],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [method, route, status, tenant, seconds] of requests) {
        tally.record(method, route, status, tenant, seconds * (1 + round / 7));
        reference.record(method, route, status, tenant, seconds * (1 + round / 7));
      }
    }
    expect(`${tally.exposition().join('\n\n')}\n`).toBe(await reference.registry.metrics());
  });

  it('writes only the two headers before the first request', () => {
    const [counter, histogram] = new RequestTally(COUNTER, HISTOGRAM, BOUNDS).exposition();
    expect(counter.split('\n')).toEqual([`# HELP ${COUNTER.name} ${COUNTER.help}`, `# TYPE ${COUNTER.name} counter`]);
    expect(histogram.split('\n')).toHaveLength(2);
  });
});
