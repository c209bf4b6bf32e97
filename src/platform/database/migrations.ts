import { DataSource, DataSourceOptions, EntitySubscriberInterface, EventSubscriber, TransactionStartEvent } from 'typeorm';

// Arbitrary constant: every instance takes this advisory lock before migrating a tenant database,
// so two instances starting together never run the same migration twice.
const MIGRATION_LOCK_KEY = 7_314_202_611;

/**
 * How long the client waits for one migration statement (or for another instance's migration lock)
 * before giving up on the connection: only a frozen server gets near it, and the tenant is then
 * retried in the background instead of hanging for ever.
 */
const MIGRATION_READ_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Lifts the request limits inside every transaction of the migrator. Behind PgBouncer
 * (DB_POOLER=pgbouncer) the limits come from the database role, not from start-up parameters, and
 * SET LOCAL is the only way to change them that stays on the transaction's own server connection.
 * Without a pooler the start-up parameters below already lift them, and this costs one statement per
 * migration.
 */
// Registered only where a DataSource lists it in `subscribers` (the migrator below).
@EventSubscriber()
class UnlimitedTransactions implements EntitySubscriberInterface {
  async afterTransactionStart(event: TransactionStartEvent): Promise<void> {
    await event.queryRunner.query('SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0');
  }
}

/**
 * The request pool's settings on two connections without its short time limits: a migration may
 * rebuild a large table, and waiting for another instance's migration (the advisory lock) may take
 * minutes. The statement, read and idle-in-transaction timeouts protect requests, not migrations.
 */
function unlimitedOptions(dataSource: DataSource): DataSourceOptions {
  const extra = (dataSource.options as { extra?: Record<string, unknown> }).extra ?? {};
  // Start-up parameters only where the request pool sends them (not behind PgBouncer).
  const startup = 'statement_timeout' in extra ? { statement_timeout: 0, idle_in_transaction_session_timeout: 0 } : {};
  return {
    ...dataSource.options,
    poolSize: 2, // the lock holder and the migration runner
    subscribers: [UnlimitedTransactions],
    extra: { ...extra, ...startup, query_timeout: MIGRATION_READ_TIMEOUT_MS },
  } as DataSourceOptions;
}

/**
 * Applies pending migrations under an advisory lock; returns how many were applied. The lock is
 * transaction-scoped and held by a transaction left open on a connection of its own until the
 * migrations end (committed or rolled back), so it needs no session state: behind PgBouncer in
 * transaction pooling the open transaction keeps its server connection, and the lock cannot be left
 * behind on a server connection the way a session lock taken and released by two separate
 * statements could.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<number> {
  const migrator = new DataSource(unlimitedOptions(dataSource));
  await migrator.initialize();
  try {
    const lockRunner = migrator.createQueryRunner();
    await lockRunner.connect();
    try {
      await lockRunner.startTransaction();
      try {
        await lockRunner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        const applied = await migrator.runMigrations({ transaction: 'each' });
        await lockRunner.commitTransaction();
        return applied.length;
      } catch (error) {
        await lockRunner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await lockRunner.release();
    }
  } finally {
    await migrator.destroy();
  }
}
