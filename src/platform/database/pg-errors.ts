import { QueryFailedError } from 'typeorm';

/** How a database failure surfaces to a client. */
export type DatabaseErrorKind =
  | 'check' // CHECK or invalid input: the request was wrong -> 400
  | 'unique'
  | 'foreign-key'
  | 'exclusion'
  | 'concurrent' // serialization failure or deadlock -> 409
  | 'unavailable' // connection refused, lost, timed out -> 503
  | 'unknown';

export interface ClassifiedDatabaseError {
  kind: DatabaseErrorKind;
  sqlState?: string;
  constraint?: string;
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection is not established',
  'Cannot use a pool after calling end',
];

/** Maps a thrown value to a kind, or undefined when it did not come from the database layer. */
export function classifyDatabaseError(error: unknown): ClassifiedDatabaseError | undefined {
  const driverError = (error instanceof QueryFailedError ? error.driverError : error) as
    | { code?: unknown; constraint?: unknown; message?: unknown }
    | undefined;
  if (!driverError || typeof driverError !== 'object') return undefined;
  const code = typeof driverError.code === 'string' ? driverError.code : undefined;
  const constraint = typeof driverError.constraint === 'string' ? driverError.constraint : undefined;
  const message = typeof driverError.message === 'string' ? driverError.message : '';

  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    const result = (kind: DatabaseErrorKind): ClassifiedDatabaseError => ({ kind, sqlState: code, constraint });
    if (code === '23514' || code === '23502' || code.startsWith('22')) return result('check');
    if (code === '23505') return result('unique');
    if (code === '23503') return result('foreign-key');
    if (code === '23P01') return result('exclusion');
    if (code === '40001' || code === '40P01' || code === '55P03') return result('concurrent');
    if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57')) return result('unavailable');
    return result('unknown');
  }
  if ((code && CONNECTION_ERROR_CODES.has(code)) || CONNECTION_MESSAGES.some((text) => message.includes(text))) {
    return { kind: 'unavailable', sqlState: code };
  }
  return error instanceof QueryFailedError ? { kind: 'unknown' } : undefined;
}

/** A log-safe description: the error class and SQLSTATE only, never its text (it may hold SQL or a URL). */
export function describeDatabaseError(error: unknown): string {
  const classified = classifyDatabaseError(error);
  const name = error instanceof Error ? error.constructor.name : typeof error;
  if (!classified) return name;
  return [name, classified.kind, classified.sqlState].filter(Boolean).join(' ');
}
