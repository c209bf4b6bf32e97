import { MigrationInterface, QueryRunner } from 'typeorm';

export class TimeGrids1763900000100 implements MigrationInterface {
  name = 'TimeGrids1763900000100';

  async up(_db: QueryRunner): Promise<void> {}

  async down(_db: QueryRunner): Promise<void> {}
}
