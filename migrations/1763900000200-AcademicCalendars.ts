import { MigrationInterface, QueryRunner } from 'typeorm';

export class AcademicCalendars1763900000200 implements MigrationInterface {
  name = 'AcademicCalendars1763900000200';

  async up(_db: QueryRunner): Promise<void> {}

  async down(_db: QueryRunner): Promise<void> {}
}
