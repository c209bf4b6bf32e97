// What the teacher-change-requests section offers other sections: the request form a teacher opens from a lesson.
export { ChangeRequestForm } from './request-form';
