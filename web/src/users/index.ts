// What the users section offers other sections: the departments to choose from.
export { DepartmentOptions, useDepartments, type Department } from './departments';
