import { TeacherRequestResponse } from './dto/teacher-request.dto';
import { TeacherRequestRow } from './teacher-requests.repository';

export function toTeacherRequestResponse(row: TeacherRequestRow): TeacherRequestResponse {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    comment: row.comment,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    createdById: row.createdById,
    createdByName: row.createdByName,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    reviewedById: row.reviewedById,
    reviewedByName: row.reviewedByName,
    reviewComment: row.reviewComment,
    createdUserId: row.createdUserId,
  };
}
