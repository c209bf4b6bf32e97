import { MigrationInterface, QueryRunner } from 'typeorm';

export class TeacherRequests1763800000200 implements MigrationInterface {
  name = 'TeacherRequests1763800000200';

  async up(_db: QueryRunner): Promise<void> {}

  async down(_db: QueryRunner): Promise<void> {}
}
