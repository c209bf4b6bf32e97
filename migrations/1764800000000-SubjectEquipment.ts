import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a subject's lessons of a type need in their room (issues 43 and 45 §5): laboratory works of
 * «Физика» need a room with «Осциллограф», say. Rule checks, validation, the free-room lists and the
 * solver keep such lessons in rooms that have it. Deleting equipment takes it out of every
 * requirement, as it does out of every classroom; a deleted subject takes its requirements along.
 */
export class SubjectEquipment1764800000000 implements MigrationInterface {
  name = 'SubjectEquipment1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE subject_equipment_requirements (
        subject_id     integer NOT NULL,
        lesson_type_id integer NOT NULL,
        equipment_id   integer NOT NULL,
        CONSTRAINT pk_subject_equipment_requirements PRIMARY KEY (subject_id, lesson_type_id, equipment_id),
        CONSTRAINT fk_subject_equipment_subject FOREIGN KEY (subject_id) REFERENCES subjects (id) ON DELETE CASCADE,
        CONSTRAINT fk_subject_equipment_lesson_type FOREIGN KEY (lesson_type_id) REFERENCES lesson_types (id),
        CONSTRAINT fk_subject_equipment_equipment FOREIGN KEY (equipment_id) REFERENCES equipments (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX ix_subject_equipment_equipment ON subject_equipment_requirements (equipment_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE subject_equipment_requirements`);
  }
}
