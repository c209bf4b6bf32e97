import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { ScheduleCoreModule } from '../core';
import { OptimizationExecutor } from './optimization-executor';
import { OptimizationJobsRepository } from './optimization-jobs.repository';
import { OptimizationRunner } from './optimization-runner';
import { OptimizationsController } from './optimizations.controller';
import { OptimizationsService } from './optimizations.service';

type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

/**
 * «Составить расписание» (issue 43): jobs, their runner and the solver's thread. The quality score and
 * the draft writer are the core's ports (`VersionScores`, `SolvedDrafts`), bound by the quality and
 * versions features and handed in by the schedule module with `withPorts`.
 */
@Module({})
export class ScheduleOptimizationsModule {
  static withPorts(...bindings: ModuleImport[]): DynamicModule {
    return {
      module: ScheduleOptimizationsModule,
      imports: [ScheduleCoreModule, ...bindings],
      controllers: [OptimizationsController],
      providers: [OptimizationsService, OptimizationJobsRepository, OptimizationExecutor, OptimizationRunner],
    };
  }
}
