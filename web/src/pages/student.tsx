// /student/: the page of the STUDENT role. Its sections are in ../sections.ts.
import { SECTIONS } from '../sections';
import { startPage } from '../shared/shell';

startPage('student', SECTIONS);
