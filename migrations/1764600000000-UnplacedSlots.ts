import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unplaced lessons in a draft (issue 43): a rule slot whose day, pair and room are not chosen yet.
 * The three columns are null together or set together; such a slot may exist only in a DRAFT
 * version, and a version holding one (in an active rule) cannot leave DRAFT. The services refuse
 * both first with a precise message; the triggers are the last line against any other writer.
 */
export class UnplacedSlots1764600000000 implements MigrationInterface {
  name = 'UnplacedSlots1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE schedule_rule_slots
        ALTER COLUMN day_of_week DROP NOT NULL,
        ALTER COLUMN time_slot_id DROP NOT NULL,
        ALTER COLUMN classroom_id DROP NOT NULL,
        ADD CONSTRAINT ck_schedule_rule_slots_placement CHECK (
          (day_of_week IS NULL) = (time_slot_id IS NULL) AND (day_of_week IS NULL) = (classroom_id IS NULL))`);

    // A slot becoming unplaced: its rule's version must be a draft.
    await db.query(`
      CREATE FUNCTION check_unplaced_slot_in_draft() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM schedule_rules r JOIN schedule_versions v ON v.id = r.schedule_version_id
                    WHERE r.id = NEW.rule_id AND v.status <> 'DRAFT') THEN
          RAISE EXCEPTION 'an unplaced slot outside a draft version'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_schedule_rule_slots_unplaced_draft';
        END IF;
        RETURN NEW;
      END
      $$`);
    // WHEN keeps placed slots (every slot of a copy or an import of a whole timetable) free of the call.
    await db.query(`
      CREATE TRIGGER trg_schedule_rule_slots_unplaced_draft
        BEFORE INSERT OR UPDATE ON schedule_rule_slots
        FOR EACH ROW WHEN (NEW.day_of_week IS NULL) EXECUTE FUNCTION check_unplaced_slot_in_draft()`);

    // A version leaving DRAFT (publication): none of its active rules may hold an unplaced slot.
    await db.query(`
      CREATE FUNCTION check_version_slots_placed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM schedule_rules r JOIN schedule_rule_slots s ON s.rule_id = r.id
                    WHERE r.schedule_version_id = NEW.id AND r.status = 'ACTIVE' AND s.day_of_week IS NULL) THEN
          RAISE EXCEPTION 'a version with unplaced slots leaves draft'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_schedule_versions_slots_placed';
        END IF;
        RETURN NEW;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER trg_schedule_versions_slots_placed
        BEFORE UPDATE OF status ON schedule_versions
        FOR EACH ROW WHEN (NEW.status <> 'DRAFT' AND OLD.status IS DISTINCT FROM NEW.status)
        EXECUTE FUNCTION check_version_slots_placed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_versions_slots_placed ON schedule_versions`);
    await db.query(`DROP FUNCTION IF EXISTS check_version_slots_placed()`);
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_rule_slots_unplaced_draft ON schedule_rule_slots`);
    await db.query(`DROP FUNCTION IF EXISTS check_unplaced_slot_in_draft()`);
    await db.query(`DELETE FROM schedule_rule_slots WHERE day_of_week IS NULL`);
    await db.query(`
      ALTER TABLE schedule_rule_slots
        DROP CONSTRAINT IF EXISTS ck_schedule_rule_slots_placement,
        ALTER COLUMN day_of_week SET NOT NULL,
        ALTER COLUMN time_slot_id SET NOT NULL,
        ALTER COLUMN classroom_id SET NOT NULL`);
  }
}
