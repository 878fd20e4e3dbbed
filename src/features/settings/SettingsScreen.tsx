import { ScreenPlaceholder } from '../../app/ScreenPlaceholder';

export function SettingsScreen() {
  return <ScreenPlaceholder titleId="screen.settings.title" />;
}
