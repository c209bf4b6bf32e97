// What the reference-data section offers other sections: its table-and-form desk and the teacher-subject links a department keeps.
export { departmentTeacherSubjects } from './entities/teacher-subjects';
export { EntityDesk } from './entity-desk';
