import { Module } from '@nestjs/common';
import { ScheduleDataModule } from '../data/schedule-data.module';

@Module({ imports: [ScheduleDataModule] })
export class ScheduleRulesModule {}
