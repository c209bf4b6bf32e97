/**
 * Serving the built web client (/student/, /teacher/, /admin/): the only way in for other features
 * (the boundary lint refuses imports of this folder's files from outside it).
 */
export { serveWebPages } from './web-pages';
