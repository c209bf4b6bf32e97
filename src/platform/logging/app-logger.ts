import { LoggerService, LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context';

export type LogFormat = 'json' | 'text';

/** Where lines go: stdout for everything below warnings, stderr for warnings and errors (as Nest does). */
export interface LogSink {
  out(line: string): void;
  err(line: string): void;
}

const PROCESS_SINK: LogSink = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Nest's level names, mapped to the names log collectors know. */
const LEVEL_NAMES: Record<LogLevel, string> = {
  verbose: 'trace',
  debug: 'debug',
  log: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};

const COLOURS: Partial<Record<LogLevel, string>> = { warn: '\x1b[33m', error: '\x1b[31m', fatal: '\x1b[31m' };

/**
 * Nest's start-up chatter: one line per mapped route (about 160) and per initialised module. Kept at
 * debug level, so the lines that matter at start-up (the first administrator's credentials, the port)
 * are not buried.
 */
const CHATTY_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader']);

/** Structured fields of a line: a message may be an object of them (request lines are). */
type Fields = Record<string, unknown>;

/** What the line of one answered request says (src/platform/logging/request-log.ts). */
export interface RequestLine {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  tenant: string | null;
  requestId: string;
  /** The client went away before the answer was complete. */
  aborted: boolean;
}

/** Where request lines go: the process's AppLogger, or Nest's logger in applications built without it. */
export interface RequestLines {
  request(line: RequestLine): void;
}

/** A request line as the structured fields every other line takes (`message` first). */
export function requestLineFields(line: RequestLine): Fields {
  const fields: Fields = {
    message: `${line.method} ${line.route} ${line.status}`,
    method: line.method,
    route: line.route,
    status: line.status,
    durationMs: line.durationMs,
    tenant: line.tenant,
    requestId: line.requestId,
  };
  if (line.aborted) fields.aborted = true;
  return fields;
}

/**
 * One JSON line's object, its properties added in one order (time, level, context, message, then the
 * fields): no copy of the fields and no `delete`, which would leave the object slow to serialise. A
 * request line is written per request, so this is on the hot path.
 */
function jsonLine(time: string, level: string, context: string | undefined, text: string, fields: Fields | undefined, requestId: string | undefined): Fields {
  const line: Fields = { time, level, context, message: text };
  if (fields) for (const key in fields) if (key !== 'message' && Object.hasOwn(fields, key)) line[key] = fields[key];
  if (requestId) line.requestId = requestId;
  return line;
}

function withoutMessage(fields: Fields | undefined): Fields {
  if (!fields) return {};
  const rest = { ...fields };
  delete rest.message;
  return rest;
}

/**
 * The one logger of the process (Nest's `Logger` calls end here): ISO-8601 UTC timestamps, one JSON
 * object per line when stdout is not a terminal (or `LOG_FORMAT=json`), readable text otherwise, and
 * colour only on a terminal. Every line written while a request runs carries its request id.
 */
export class AppLogger implements LoggerService, RequestLines {
  private levels = new Set<LogLevel>(['log', 'warn', 'error', 'fatal']);

  constructor(
    readonly format: LogFormat,
    private readonly colour: boolean,
    private readonly sink: LogSink = PROCESS_SINK,
  ) {}

  /** The logger for this process: format from `LOG_FORMAT` (json, text) or from whether stdout is a terminal. */
  static forProcess(env: Record<string, string | undefined> = process.env): AppLogger {
    const requested = env.LOG_FORMAT?.trim().toLowerCase();
    const terminal = process.stdout.isTTY === true;
    const format: LogFormat = requested === 'json' || requested === 'text' ? requested : terminal ? 'text' : 'json';
    const logger = new AppLogger(format, format === 'text' && terminal && !env.NO_COLOR);
    if (requested && requested !== format) logger.warn(`LOG_FORMAT must be json or text, got "${requested}"; using ${format}`, 'Logger');
    if (env.LOG_LEVEL?.trim().toLowerCase() === 'debug') logger.setLogLevels(['debug', 'log', 'warn', 'error', 'fatal']);
    return logger;
  }

  setLogLevels(levels: LogLevel[]): void {
    this.levels = new Set(levels);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }

  /**
   * The line of one answered request, written synchronously like every line. In JSON it is filled
   * into a template with its texts escaped one by one: the same line as `log(requestLineFields(line),
   * 'Request')`, without copying its fields into a second object for a general-purpose stringify or
   * passing through Nest's logger (together about a tenth of `GET /api/auth/me`'s own work, issue 29).
   */
  request(line: RequestLine): void {
    const level: LogLevel = line.status >= 500 ? 'warn' : 'log';
    if (this.format !== 'json') return this.write(level, requestLineFields(line), ['Request']);
    if (!this.levels.has(level)) return;
    const message = JSON.stringify(`${line.method} ${line.route} ${line.status}`);
    const tenant = line.tenant === null ? 'null' : JSON.stringify(line.tenant);
    const text =
      `{"time":"${new Date().toISOString()}","level":"${LEVEL_NAMES[level]}","context":"Request","message":${message},` +
      `"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":${line.status},` +
      `"durationMs":${JSON.stringify(line.durationMs)},"tenant":${tenant},"requestId":${JSON.stringify(line.requestId)}` +
      `${line.aborted ? ',"aborted":true' : ''}}`;
    if (level === 'warn') this.sink.err(text);
    else this.sink.out(text);
  }

  private write(requestedLevel: LogLevel, message: unknown, rest: unknown[]): void {
    // Nest passes the context last; errors may pass a stack before it, which is dropped (never logged).
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const level = requestedLevel === 'log' && context && CHATTY_CONTEXTS.has(context) ? 'debug' : requestedLevel;
    if (!this.levels.has(level)) return;

    const fields = message !== null && typeof message === 'object' && !(message instanceof Error) ? (message as Fields) : undefined;
    const text = typeof fields?.message === 'string' ? fields.message : message instanceof Error ? message.message : String(message);
    const requestId = fields?.requestId === undefined ? currentRequestId() : undefined;

    const time = new Date().toISOString();
    const line =
      this.format === 'json'
        ? JSON.stringify(jsonLine(time, LEVEL_NAMES[level], context, text, fields, requestId))
        : this.textLine(time, level, context, text, { ...withoutMessage(fields), ...(requestId ? { requestId } : {}) });
    if (level === 'warn' || level === 'error' || level === 'fatal') this.sink.err(line);
    else this.sink.out(line);
  }

  private textLine(time: string, level: LogLevel, context: string | undefined, text: string, fields: Fields): string {
    const name = LEVEL_NAMES[level].toUpperCase().padEnd(5);
    const tags = Object.entries(fields)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    const line = `${time} ${name} ${context ? `[${context}] ` : ''}${text}${tags ? ` ${tags}` : ''}`;
    const colour = this.colour ? COLOURS[level] : undefined;
    return colour ? `${colour}${line}\x1b[0m` : line;
  }
}
