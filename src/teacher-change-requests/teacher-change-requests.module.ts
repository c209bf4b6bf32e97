import { Module } from '@nestjs/common';
import { RoomWarningsModule } from '../schedule';
import { ScheduleCoreModule } from '../schedule/core';
import { UsersModule } from '../users';
import { ChangeRequestCandidatesService } from './change-request-candidates.service';
import { ChangeRequestReviewService } from './change-request-review.service';
import { ChangeRequestsRepository } from './change-requests.repository';
import { ChangeRequestsService } from './change-requests.service';
import { MoveRooms } from './move-rooms';
import { RequestableLessons } from './requestable-lessons';
import { TeacherChangeRequestsController } from './teacher-change-requests.controller';
import './references';

/** Teacher change requests (spec 4.15); applying one writes an ordinary override through the schedule core. */
@Module({
  imports: [ScheduleCoreModule, UsersModule, RoomWarningsModule],
  controllers: [TeacherChangeRequestsController],
  providers: [ChangeRequestsRepository, RequestableLessons, ChangeRequestsService, ChangeRequestReviewService, ChangeRequestCandidatesService, MoveRooms],
})
export class TeacherChangeRequestsModule {}
