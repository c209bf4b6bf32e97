import { loadConfig } from '../../config/app-config';
import { serverTimeouts } from './data-source';

const BASE = { DATABASE_URL: 'jdbc:postgresql://db/timetable', JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-signing', DB_STATEMENT_TIMEOUT_MS: '3000' };

describe('serverTimeouts: start-up parameters of a tenant pool', () => {
  it('sends the statement and idle-in-transaction timeouts when connecting directly', () => {
    expect(serverTimeouts(loadConfig(BASE).pool)).toEqual({ statement_timeout: 3000, idle_in_transaction_session_timeout: 6000 });
  });

  it('sends none behind PgBouncer, which refuses them (the role carries the limits)', () => {
    expect(serverTimeouts(loadConfig({ ...BASE, DB_POOLER: 'pgbouncer' }).pool)).toEqual({});
  });
});
