/**
 * Change notifications: the only way in for other features (the boundary lint refuses imports of
 * this folder's files from outside it).
 */
export { NotificationsModule } from './notifications.module';
export { NotificationWorker } from './delivery/notification-worker';
