/** The name and help text of one metric family in the exposition. */
export interface FamilyName {
  name: string;
  help: string;
}

/** One label set's tally: plain numbers, turned into Prometheus samples only when scraped. */
interface RequestSeries {
  readonly method: string;
  readonly status: number;
  /** The label pairs as the exposition prints them (`method="GET",route="/api/auth/me",…`). */
  readonly labels: string;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative (the exposition sums them up). */
  readonly perBucket: Float64Array;
}

/** A label value as the Prometheus text format wants it: backslash, newline and quote escaped. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

/** A help text as the Prometheus text format wants it: backslash and newline escaped. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/**
 * The request counter and latency histogram of every request, as plain numbers per label set.
 * prom-client's `inc` and `observe` check the labels and build their key again on every call (about
 * 1.3 µs a request); here a request adds to a few numbers of a series, and the text is written only
 * when Prometheus scrapes. A series is found by its route and tenant (two map lookups by strings the
 * process already holds: route templates, configured tenants), then among that pair's few method and
 * status pairs; a key string joined from all four labels cost about six times as much, 1.5 % of a
 * cheap request once the rest of it had become cheap (issue 29). The text is the same as prom-client's
 * Counter and Histogram would write (request-tally.spec.ts compares them).
 */
export class RequestTally {
  /** Route, then tenant, then that pair's series (one per method and status seen). */
  private readonly byRoute = new Map<string, Map<string, RequestSeries[]>>();
  /** Every series in the order first seen: the exposition's order, as prom-client's. */
  private readonly inOrder: RequestSeries[] = [];

  constructor(
    private readonly counter: FamilyName,
    private readonly histogram: FamilyName,
    private readonly bounds: readonly number[],
  ) {}

  /** Counts one finished request. The labels are bounded by the caller (route templates, configured tenants). */
  record(method: string, route: string, status: number, tenant: string, seconds: number): void {
    let byTenant = this.byRoute.get(route);
    if (byTenant === undefined) {
      byTenant = new Map();
      this.byRoute.set(route, byTenant);
    }
    let pairSeries = byTenant.get(tenant);
    if (pairSeries === undefined) {
      pairSeries = [];
      byTenant.set(tenant, pairSeries);
    }
    let series = pairSeries.find((candidate) => candidate.status === status && candidate.method === method);
    if (series === undefined) {
      const labels = `method="${escapeLabelValue(method)}",route="${escapeLabelValue(route)}",status="${status}",tenant="${escapeLabelValue(tenant)}"`;
      series = { method, status, labels, count: 0, sum: 0, perBucket: new Float64Array(this.bounds.length) };
      pairSeries.push(series);
      this.inOrder.push(series);
    }
    series.count += 1;
    series.sum += seconds;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index++) {
      if (seconds <= bounds[index]) {
        series.perBucket[index] += 1;
        break;
      }
    }
  }

  /** Both families in the Prometheus text format (0.0.4), each ending without a newline. */
  exposition(): string[] {
    const counter = [`# HELP ${this.counter.name} ${escapeHelp(this.counter.help)}`, `# TYPE ${this.counter.name} counter`];
    const histogram = [`# HELP ${this.histogram.name} ${escapeHelp(this.histogram.help)}`, `# TYPE ${this.histogram.name} histogram`];
    const bucket = `${this.histogram.name}_bucket`;
    for (const series of this.inOrder) {
      counter.push(`${this.counter.name}{${series.labels}} ${series.count}`);
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.perBucket[index];
        histogram.push(`${bucket}{le="${bound}",${series.labels}} ${cumulative}`);
      });
      histogram.push(`${bucket}{le="+Inf",${series.labels}} ${series.count}`);
      histogram.push(`${this.histogram.name}_sum{${series.labels}} ${series.sum}`);
      histogram.push(`${this.histogram.name}_count{${series.labels}} ${series.count}`);
    }
    return [counter.join('\n'), histogram.join('\n')];
  }
}
