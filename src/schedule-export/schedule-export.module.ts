import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments';
import { ScheduleModule } from '../schedule';
import { ScheduleExportController } from './schedule-export.controller';
import { ScheduleExportService } from './schedule-export.service';

/** GET /api/schedule/export: the viewed timetable as an XLSX grid, a PDF poster or a CSV list of lessons. */
@Module({
  imports: [ScheduleModule, DepartmentsModule],
  controllers: [ScheduleExportController],
  providers: [ScheduleExportService],
})
export class ScheduleExportModule {}
