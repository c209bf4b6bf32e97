import { Module } from '@nestjs/common';
import { DepartmentsController } from './departments.controller';
import { DepartmentsRepository } from './departments.repository';
import { DepartmentsService } from './departments.service';

/** Department reference list. Exports the repository for features that link records to departments. */
@Module({
  controllers: [DepartmentsController],
  providers: [DepartmentsRepository, DepartmentsService],
  exports: [DepartmentsRepository, DepartmentsService],
})
export class DepartmentsModule {}
