import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScheduleDataStamp1764000000100 implements MigrationInterface {
  name = 'ScheduleDataStamp1764000000100';

  async up(_db: QueryRunner): Promise<void> {}

  async down(_db: QueryRunner): Promise<void> {}
}
