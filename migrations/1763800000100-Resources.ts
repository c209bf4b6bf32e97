import { MigrationInterface, QueryRunner } from 'typeorm';

export class Resources1763800000100 implements MigrationInterface {
  name = 'Resources1763800000100';

  async up(_db: QueryRunner): Promise<void> {}

  async down(_db: QueryRunner): Promise<void> {}
}
