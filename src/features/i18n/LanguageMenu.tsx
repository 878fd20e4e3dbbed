import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks';
import { GlobalIcon } from '../ui/icons';
import { LightButton } from '../ui/LightButton';
import { selectLanguage } from './languageSlice';

// antd's Dropdown brings its Menu (about 22 KB gzip): it is loaded when the menu is first wanted, not with /login.
const loadDropdown = () => import(/* webpackChunkName: "language-menu" */ './LanguageDropdown');
/** Starts loading the menu early; a failure shows again when the menu renders. */
const preloadDropdown = () => void loadDropdown().catch(() => undefined);
const LanguageDropdown = lazy(async () => ({ default: (await loadDropdown()).LanguageDropdown }));

/** The language menu of spec §2: English, Deutsch, Français, Italian. */
export function LanguageMenu() {
  const intl = useIntl();
  const current = useAppSelector(selectLanguage);
  const [wanted, setWanted] = useState(false);
  const button = (
    <LightButton
      type="text"
      style={{ color: 'inherit' }}
      icon={<GlobalIcon />}
      // The spoken name holds the visible code (WCAG 2.5.3, label in name): "Language EN".
      aria-label={`${intl.formatMessage({ id: 'language.menu' })} ${current.toUpperCase()}`}
      // Pointing at or focusing the button starts loading the menu; the first click opens it.
      onPointerEnter={preloadDropdown}
      onFocus={preloadDropdown}
      onClick={wanted ? undefined : () => setWanted(true)}
    >
      {current.toUpperCase()}
    </LightButton>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageDropdown>{button}</LanguageDropdown>
    </Suspense>
  );
}
