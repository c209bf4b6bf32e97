import { MigrationInterface, QueryRunner } from 'typeorm';

export class StudyStructure1763800000000 implements MigrationInterface {
  name = 'StudyStructure1763800000000';

  async up(_db: QueryRunner): Promise<void> {}

  async down(_db: QueryRunner): Promise<void> {}
}
