import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The identity of a tenant database: a random id made once, when the database is migrated. Access
 * tokens carry it (mixed with the database's oid, so a copy made with CREATE DATABASE ... TEMPLATE
 * differs too), so a domain re-pointed to another database refuses the tokens its old one issued.
 */
export class TenantIdentity1764300000100 implements MigrationInterface {
  name = 'TenantIdentity1764300000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tenant_identity (
        singleton    boolean PRIMARY KEY DEFAULT true,
        database_id  uuid NOT NULL DEFAULT gen_random_uuid(),
        created_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tenant_identity_singleton_check CHECK (singleton)
      )`);
    await db.query(`INSERT INTO tenant_identity DEFAULT VALUES`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tenant_identity`);
  }
}
