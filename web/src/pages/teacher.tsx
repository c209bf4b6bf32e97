// /teacher/: the page of the TEACHER role. Its sections are in ../sections.ts.
import { SECTIONS } from '../sections';
import { startPage } from '../shared/shell';

startPage('teacher', SECTIONS);
