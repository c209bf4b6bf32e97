// /admin/: the page of the office, departments, administrators and schedule viewers. Its sections are in ../sections.ts.
import { SECTIONS } from '../sections';
import { startPage } from '../shared/shell';

startPage('admin', SECTIONS);
