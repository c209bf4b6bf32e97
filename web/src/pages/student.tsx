// /student/: the page of the STUDENT role. Its sections are in ../sections.ts.
import { startPage } from '../shared/shell';

startPage('student');
