import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from '../schedule/core';
import { FreeClassroomsService } from './free-classrooms.service';
import { WorkloadController } from './workload.controller';
import { WorkloadLessons } from './workload-lessons';
import { WorkloadRepository } from './workload.repository';
import { WorkloadService } from './workload.service';

/** Workload reports (spec 4.16) over the schedule core's actual lessons. */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [WorkloadController],
  providers: [WorkloadRepository, WorkloadLessons, WorkloadService, FreeClassroomsService],
})
export class WorkloadModule {}
