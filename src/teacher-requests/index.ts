/**
 * Teacher-creation requests (spec 4.4, 4.17): the only way in for other features (the boundary lint
 * refuses imports of this folder's files from outside it).
 */
export { TeacherRequestsModule } from './teacher-requests.module';
export { TeacherRequestsService } from './teacher-requests.service';
export { SubmitTeacherRequest } from './dto/teacher-request.dto';
