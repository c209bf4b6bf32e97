import 'reflect-metadata';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { createTenantDataSource } from '../src/platform/database/data-source';
import { runMigrationsLocked } from '../src/platform/database/migrations';
import { dropTestDatabase, testServer, withAdminClient } from './support/test-database';

/** A migration that takes a moment and fails if it runs twice. */
class CountedMigration1999999999998 implements MigrationInterface {
  name = 'CountedMigration1999999999998';
  async up(db: QueryRunner): Promise<void> {
    await db.query('SELECT pg_sleep(1)');
    await db.query('CREATE TABLE counted_migration_done (id integer)');
  }
  async down(): Promise<void> {}
}

/**
 * The migration lock (issue 29, for PgBouncer in transaction pooling): two instances migrating one
 * database at once apply each migration once, and the lock is held by an open transaction
 * (transaction-scoped), not by a session, so no statement depends on landing on the same server
 * connection as another. Real PostgreSQL, real TypeORM migrations.
 */
describe('migration lock', () => {
  const database = `t_migration_lock_${process.pid}`;

  beforeAll(() => withAdminClient((client) => client.query(`CREATE DATABASE "${database}"`)));
  afterAll(() => dropTestDatabase(database));

  const instance = () => {
    const server = testServer();
    const config = loadConfig({ DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused', JWT_SECRET: 'x'.repeat(40) });
    return createTenantDataSource(
      { host: server.host, port: server.port, database, user: server.user, password: server.password, ssl: false },
      config.pool,
      { migrations: [CountedMigration1999999999998] },
      'migration-lock-test',
      () => undefined,
    );
  };

  it('applies a migration once when two instances start together, holding the lock in a transaction', async () => {
    const first = instance();
    const second = instance();
    await Promise.all([first.initialize(), second.initialize()]);
    try {
      const holders: string[] = [];
      const watching = (async () => {
        for (let i = 0; i < 10; i++) {
          const rows = await withAdminClient((client) =>
            client.query<{ state: string }>(
              `SELECT a.state FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'advisory' AND l.granted AND a.datname = $1`,
              [database],
            ),
          );
          holders.push(...rows.rows.map((row) => row.state));
          await new Promise((wait) => setTimeout(wait, 100));
        }
      })();
      const applied = await Promise.all([runMigrationsLocked(first), runMigrationsLocked(second)]);
      await watching;
      expect(applied.sort()).toEqual([0, 1]);
      expect(await first.query(`SELECT to_regclass('counted_migration_done') IS NOT NULL AS done`)).toEqual([{ done: true }]);
      // The holder sits in its open transaction while the migration runs on another connection.
      expect(holders.length).toBeGreaterThan(0);
      expect(new Set(holders)).toEqual(new Set(['idle in transaction']));
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  }, 60000);
});
