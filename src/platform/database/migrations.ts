import { DataSource } from 'typeorm';

// Arbitrary constant: every instance takes this advisory lock before migrating a tenant database,
// so two instances starting together never run the same migration twice.
const MIGRATION_LOCK_KEY = 7_314_202_611;

/** Applies pending migrations under a session advisory lock; returns how many were applied. */
export async function runMigrationsLocked(dataSource: DataSource): Promise<number> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.length;
    } finally {
      await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lockRunner.release();
  }
}
