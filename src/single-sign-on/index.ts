/**
 * Single sign-on through the university's OpenID Connect provider: the only way in for other parts
 * (the boundary lint refuses imports of this folder's files from outside it).
 */
export { SingleSignOnModule } from './single-sign-on.module';
