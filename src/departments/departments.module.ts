import { Module } from '@nestjs/common';
import { Departments } from './departments';
import { DepartmentsController } from './departments.controller';
import { DepartmentsRepository } from './departments.repository';
import { DepartmentsService } from './departments.service';

/** Department reference list. Exports `Departments`, the read port for features that link records to departments. */
@Module({
  controllers: [DepartmentsController],
  providers: [DepartmentsRepository, DepartmentsService, Departments],
  exports: [Departments, DepartmentsService],
})
export class DepartmentsModule {}
