import { Avatar, Badge, Dropdown, type MenuProps } from 'antd';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { avatarLetter, displayName } from '../../features/auth/profile';
import { selectIsLoggedIn, selectProfile } from '../../features/auth/sessionSlice';
import { isLanguage, LANGUAGES } from '../../features/i18n/Language';
import { languageChosen } from '../../features/i18n/languageSlice';
import { selectUnreadNotifications } from '../../features/notifications/notificationsSlice';
import { useAvatarUrl } from '../../features/settings/useAvatarUrl';
import { PALETTE } from '../../theme/palette';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ROUTE_PATHS } from '../../routing/routePaths';

const LANGUAGE_KEY_PREFIX = 'language:';

/**
 * The avatar circle of the map layout (the uploaded picture, else the first letter of the name, 'M' when
 * none) and its menu (spec §2): anonymous → search, join, login; logged in → name, plan, notifications
 * (with the counter of unseen in-app notifications as a badge), logout, language.
 */
export function AccountMenu({ onOpenPlan }: { onOpenPlan(): void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const profile = useAppSelector(selectProfile);
  const unread = useAppSelector(selectUnreadNotifications);
  const avatarUrl = useAvatarUrl();
  const t = (id: string) => intl.formatMessage({ id });
  const unreadLabel = intl.formatMessage({ id: 'notifications.unread' }, { count: unread });

  const items: MenuProps['items'] = loggedIn
    ? [
        { key: 'name', label: displayName(profile) },
        { key: 'plan', label: t('layout.plan') },
        {
          key: 'notifications',
          label: (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              {t('notifications.menu')}
              <Badge count={unread} size="small" title={unreadLabel} data-testid="notifications-badge" />
            </span>
          ),
        },
        { key: 'logout', label: t('layout.logout') },
        {
          key: 'language',
          label: t('language.menu'),
          children: LANGUAGES.map((language) => ({
            key: `${LANGUAGE_KEY_PREFIX}${language}`,
            label: t(`language.${language}`),
          })),
        },
      ]
    : [
        { key: 'search', label: t('layout.search') },
        { key: 'join', label: t('layout.join') },
        { key: 'login', label: t('layout.login') },
      ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(LANGUAGE_KEY_PREFIX)) {
      const language = key.slice(LANGUAGE_KEY_PREFIX.length);
      if (isLanguage(language)) dispatch(languageChosen(language));
      return;
    }
    const targets: Record<string, string> = {
      search: ROUTE_PATHS.mapview,
      join: ROUTE_PATHS.registerEmailVerification,
      login: ROUTE_PATHS.login,
      name: ROUTE_PATHS.settings,
      notifications: ROUTE_PATHS.notifications,
      logout: ROUTE_PATHS.logout,
    };
    if (key === 'plan') onOpenPlan();
    else if (targets[key]) navigate(targets[key]);
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <button
        type="button"
        aria-label={unread > 0 ? `${t('layout.accountMenu')} (${unreadLabel})` : t('layout.accountMenu')}
        style={{ background: 'none', border: 'none', padding: 0, cursor: 'pointer' }}
      >
        <Badge dot={loggedIn && unread > 0} offset={[-3, 3]} color={PALETTE.secondary}>
          <Avatar
            src={avatarUrl ?? undefined}
            // The button around it is named (the account menu): the picture adds nothing to hear.
            alt=""
            style={{ background: '#fff', color: PALETTE.accent, fontWeight: 600 }}
            data-testid="avatar"
          >
            {avatarLetter(profile)}
          </Avatar>
        </Badge>
      </button>
    </Dropdown>
  );
}
