import { ScreenPlaceholder } from '../../app/ScreenPlaceholder';

export function NotificationsScreen() {
  return <ScreenPlaceholder titleId="screen.notifications.title" />;
}
