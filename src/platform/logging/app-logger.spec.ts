import { AppLogger, LogFormat, RequestLine, requestLineFields } from './app-logger';

const TIME = /"time":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"/;
const TEXT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/;

/** What a logger of `format` writes, by stream, with the timestamps taken out (they differ by the clock). */
function captured(format: LogFormat, write: (logger: AppLogger) => void): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  write(new AppLogger(format, false, { out: (line) => out.push(line), err: (line) => err.push(line) }));
  const untimed = (line: string) => line.replace(TIME, '"time":"T"').replace(TEXT_TIME, 'T');
  return { out: out.map(untimed), err: err.map(untimed) };
}

const line = (overrides: Partial<RequestLine> = {}): RequestLine => ({
  method: 'GET',
  route: '/api/users/:id',
  status: 200,
  durationMs: 1.27,
  tenant: 'alpha',
  requestId: '0f3c1c52-55d4-4c33-9a0e-3c3b9d4f1e11',
  aborted: false,
  ...overrides,
});

describe('AppLogger.request (the request line written from a template)', () => {
  const cases: [string, RequestLine][] = [
    ['an ordinary answer', line()],
    ['a server error (a warning, on stderr)', line({ status: 503 })],
    ['an answer the client left before it was complete', line({ aborted: true })],
    ['a request of no known tenant', line({ tenant: null, route: '(unmatched)' })],
    ['a path with quotes, backslashes, control characters and Cyrillic', line({ route: '/api/"x"\\y\n\t\u0001/группы/\u2028' })],
    ['a tenant key and request id that need escaping', line({ tenant: 'a"b', requestId: 'id\\"1' })],
    ['durations of every size', line({ durationMs: 0 })],
    ['a long duration', line({ durationMs: 123456.78 })],
  ];

  it.each(cases)('writes the same JSON line as the general path: %s', (_, request) => {
    const fast = captured('json', (logger) => logger.request(request));
    const general = captured('json', (logger) => (request.status >= 500 ? logger.warn : logger.log).call(logger, requestLineFields(request), 'Request'));
    expect(fast).toEqual(general);
    const [written] = [...fast.out, ...fast.err];
    expect(JSON.parse(written)).toMatchObject({ context: 'Request', route: request.route, tenant: request.tenant, requestId: request.requestId });
    expect(fast[request.status >= 500 ? 'err' : 'out']).toHaveLength(1);
  });

  it('writes the same text line as the general path when the format is text', () => {
    for (const [, request] of cases) {
      const fast = captured('text', (logger) => logger.request(request));
      const general = captured('text', (logger) => (request.status >= 500 ? logger.warn : logger.log).call(logger, requestLineFields(request), 'Request'));
      expect(fast).toEqual(general);
    }
  });

  it('writes nothing at a level that is switched off', () => {
    const written = captured('json', (logger) => {
      logger.setLogLevels(['warn', 'error', 'fatal']);
      logger.request(line());
      logger.request(line({ status: 500 }));
    });
    expect(written.out).toEqual([]);
    expect(written.err).toHaveLength(1);
  });
});
