import { createTenantDataSource } from './data-source';

const target = { host: 'db', port: 5432, database: 'uni', user: 'app', ssl: true };
const pool = { maxConnections: 1, connectTimeoutMs: 1000, statementTimeoutMs: 1000, idleTimeoutMs: 1000, pooler: 'none' as const };
const schema = { migrations: [] };

describe('tenant database TLS', () => {
  it('verifies the server certificate when TLS is asked for, with DB_SSL_CA_FILE as the CA when given', () => {
    const plain = createTenantDataSource(target, pool, schema, 'x', () => undefined);
    expect(plain.options).toMatchObject({ ssl: { rejectUnauthorized: true } });
    const withCa = createTenantDataSource(target, { ...pool, sslCa: 'PEM' }, schema, 'x', () => undefined);
    expect(withCa.options).toMatchObject({ ssl: { rejectUnauthorized: true, ca: 'PEM' } });
    const off = createTenantDataSource({ ...target, ssl: false }, pool, schema, 'x', () => undefined);
    expect(off.options).toMatchObject({ ssl: false });
  });
});
