import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rule lineage across schedule versions: a rule copied into a new version remembers the rule it
 * descends from (`lineage_rule_id`, always the original of the chain), so version diffs can match
 * rules whose ids changed. NULL means the rule is its own origin: its lineage key is its own id, and
 * `COALESCE(lineage_rule_id, id)` is the key diffs compare. Rules are never deleted by the service; a
 * physical clean-up would only make a copy its own origin (SET NULL), never block.
 */
export class VersionLineage1764100000100 implements MigrationInterface {
  name = 'VersionLineage1764100000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE schedule_rules
        ADD COLUMN lineage_rule_id integer,
        ADD CONSTRAINT fk_schedule_rules_lineage FOREIGN KEY (lineage_rule_id) REFERENCES schedule_rules (id) ON DELETE SET NULL,
        ADD CONSTRAINT ck_schedule_rules_lineage_not_self CHECK (lineage_rule_id <> id)`);
    await db.query(`CREATE INDEX ix_schedule_rules_lineage ON schedule_rules (lineage_rule_id) WHERE lineage_rule_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS ix_schedule_rules_lineage`);
    await db.query(`ALTER TABLE schedule_rules DROP COLUMN IF EXISTS lineage_rule_id`);
  }
}
