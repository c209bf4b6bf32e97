/**
 * Classrooms, equipment, subjects and teacher-subject links (spec 4.20): the only way in for other
 * features (the boundary lint refuses imports of this folder's files from outside it).
 */
export { ResourcesModule } from './resources.module';
export { ClassroomsService } from './classrooms/classrooms.service';
export { ClassroomRequest, ClassroomUpdateRequest } from './classrooms/dto/classroom.dto';
export { EquipmentService } from './equipment/equipment.service';
export { EquipmentRequest } from './equipment/dto/equipment.dto';
export { DepartmentSubjectsService } from './subjects/department-subjects.service';
export { SubjectImportItem } from './subjects/dto/subject-import.dto';
export { TeacherSubjectsService } from './teacher-subjects/teacher-subjects.service';
export { TeacherSubjectCreateRequest } from './teacher-subjects/dto/teacher-subject.dto';
