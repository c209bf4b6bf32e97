import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * A small HTTP load generator on `node:http` with keep-alive. Closed loop by default: `concurrency`
 * workers each send the next request as soon as their previous one is answered, until the time is up
 * (the service is kept saturated; latency is measured from sending to the last byte of the body).
 * Open loop with `ratePerSecond`: requests leave at even intervals whatever the answers, over at most
 * `concurrency` connections, and latency is measured from each request's planned time, so a stall
 * counts for every request it held back. Loopback only.
 */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The status that counts as success (200 unless a refusal is what is measured). */
  expectStatus?: number;
  /** Extra request headers (If-None-Match for a revalidation). */
  headers?: Record<string, string>;
}

export interface Target {
  port: number;
  /** The Host header (selects the tenant). */
  host: string;
  token?: string;
}

export interface LoadOptions {
  concurrency: number;
  durationMs: number;
  /** The next request to send, or undefined when there is nothing left to send. */
  next: () => LoadRequest | undefined;
  /** Open loop: this many requests a second at even intervals (see above). */
  ratePerSecond?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  elapsedMs: number;
  /** Successful requests per second. */
  rps: number;
  medianMs: number;
  p99Ms: number;
  /** Status and start of the body of the first failed request, to explain errors. */
  firstError?: string;
}

export interface HttpAnswer {
  status: number;
  /** The body as text, decoded when first read: the load loops read it only for a failed request. */
  readonly body: string;
  /** The answer's ETag, if any. */
  etag?: string;
}

const LOOPBACK = '127.0.0.1';

class ReceivedAnswer implements HttpAnswer {
  private text?: string;

  constructor(
    readonly status: number,
    private readonly chunks: Buffer[],
    readonly etag: string | undefined,
  ) {}

  get body(): string {
    this.text ??= Buffer.concat(this.chunks).toString('utf8');
    return this.text;
  }
}

/** One request over `agent`; resolves with the status and the whole body. */
export function send(target: Target, request: LoadRequest, agent?: Agent): Promise<HttpAnswer> {
  const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  const headers: Record<string, string | number> = { Host: target.host, Accept: 'application/json', ...request.headers };
  if (target.token) headers.Authorization = `Bearer ${target.token}`;
  if (payload) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: LOOPBACK, port: target.port, method: request.method, path: request.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Decoding every answer would make the generator, on the same two cores, the bottleneck of the
      // large ones (a week of the override registry is half a megabyte): about a millisecond each.
      res.on('end', () => resolve(new ReceivedAnswer(res.statusCode ?? 0, chunks, res.headers.etag)));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Nearest-rank percentile of ascending `sorted` values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function runLoad(target: Target, options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + options.durationMs;

  /** Sends one request; its latency counts from `since` (when it was sent, or planned to be). */
  const sendOne = async (request: LoadRequest, since: number) => {
    try {
      const answer = await send(target, request, agent);
      if (answer.status === (request.expectStatus ?? 200)) {
        latencies.push(performance.now() - since);
      } else {
        errors++;
        firstError ??= `${answer.status} ${answer.body.slice(0, 300)}`;
      }
    } catch (error) {
      errors++;
      firstError ??= error instanceof Error ? error.message : 'request failed';
    }
  };
  const worker = async () => {
    while (performance.now() < deadline) {
      const request = options.next();
      if (!request) return;
      await sendOne(request, performance.now());
    }
  };
  const openLoop = async (rate: number) => {
    const sent: Promise<void>[] = [];
    for (let i = 0; ; i++) {
      const planned = started + (i * 1000) / rate;
      if (planned >= deadline) break;
      const wait = planned - performance.now();
      if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
      const request = options.next();
      if (!request) break;
      sent.push(sendOne(request, planned));
    }
    await Promise.all(sent);
  };
  if (options.ratePerSecond) await openLoop(options.ratePerSecond);
  else await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    elapsedMs,
    rps: latencies.length / (elapsedMs / 1000),
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    firstError,
  };
}

/**
 * Measures one scenario: a probe request (its status must be the expected one), a warm-up unless the
 * scenario forbids it, then the timed load.
 */
export async function measure(
  target: Target,
  scenario: { name: string; concurrency: number; requests: () => () => LoadRequest | undefined; warmup?: boolean },
  timing: { seconds: number; warmupSeconds: number },
): Promise<{ result?: LoadResult; skipped?: string; probeLessons?: number }> {
  const probe = scenario.requests()();
  if (!probe) return { skipped: 'nothing to send' };
  const answer = await send(target, probe);
  if (answer.status !== (probe.expectStatus ?? 200)) return { skipped: `the probe answered ${answer.status}: ${answer.body.slice(0, 300)}` };
  const probeLessons = probe.method === 'GET' && answer.body.startsWith('[') ? (JSON.parse(answer.body) as unknown[]).length : undefined;
  if (timing.warmupSeconds > 0 && scenario.warmup !== false) {
    await runLoad(target, { concurrency: scenario.concurrency, durationMs: timing.warmupSeconds * 1000, next: scenario.requests() });
  }
  const result = await runLoad(target, { concurrency: scenario.concurrency, durationMs: timing.seconds * 1000, next: scenario.requests() });
  return { result, probeLessons };
}
