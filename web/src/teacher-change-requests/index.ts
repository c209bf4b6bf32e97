// What the teacher-change-requests section offers other sections: the request form a teacher opens from
// a lesson, the lesson a request names, and the sentence that says what was sent.
export { ChangeRequestForm, requestedLesson, sentRequestNotice } from './request-form';
