/**
 * Import of a university's spreadsheets (issue 28): the only way in for other features (the boundary
 * lint refuses imports of this folder's files from outside it).
 */
export { DataImportModule } from './data-import.module';
