import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The timetable changes from a date on (issue 53). A rule's weekly slot is a period: `active_from`
 * and `active_to` bound the dates it lays out lessons on (null: from the semester's first day, to its
 * last), and `continues_slot_id` names the slot of the period before, so a change from a date closes
 * the old row and adds a new one while every lesson before the date keeps its slot, teacher and room.
 * `hours_history` keeps the hour totals that applied before a change of hours: a list of
 * `{until, lecture, laboratory, practice}` (each total in force for lessons up to `until`), so the
 * lessons given before the change read as they did. Existing rows get nulls: every rule keeps its
 * lessons exactly.
 */
export class DatedRulePeriods1764900000000 implements MigrationInterface {
  name = 'DatedRulePeriods1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE schedule_rule_slots
        ADD COLUMN active_from date,
        ADD COLUMN active_to date,
        ADD COLUMN continues_slot_id integer,
        ADD CONSTRAINT ck_schedule_rule_slots_period CHECK (active_from IS NULL OR active_to IS NULL OR active_from <= active_to),
        ADD CONSTRAINT fk_schedule_rule_slots_continues FOREIGN KEY (continues_slot_id) REFERENCES schedule_rule_slots (id) ON DELETE SET NULL`);
    await db.query(`CREATE INDEX ix_schedule_rule_slots_continues ON schedule_rule_slots (continues_slot_id) WHERE continues_slot_id IS NOT NULL`);
    await db.query(`ALTER TABLE schedule_rules ADD COLUMN hours_history jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE schedule_rules DROP COLUMN hours_history`);
    await db.query(`DROP INDEX ix_schedule_rule_slots_continues`);
    await db.query(`ALTER TABLE schedule_rule_slots DROP CONSTRAINT fk_schedule_rule_slots_continues, DROP CONSTRAINT ck_schedule_rule_slots_period,
                      DROP COLUMN continues_slot_id, DROP COLUMN active_to, DROP COLUMN active_from`);
  }
}
