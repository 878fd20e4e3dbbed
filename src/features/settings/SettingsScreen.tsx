import { Spin, Tabs, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../store/hooks';
import { hasAccess } from '../../lib/accessCheck';
import { selectProfile } from '../auth/sessionSlice';
import { SETTINGS_TABS } from './settingsTabs';
import './settingsScreen.css';

/** The query parameter of the open tab (the URL-state table lists it among the keys only a screen reads). */
export const TAB_PARAMETER = 'tab';

/**
 * /settings (spec §2): the Profile tab for everyone, and for administrators the accessible sites, the
 * e-mail signature editor and the account management. The open tab is kept in the query string, so a
 * reload or a shared link opens the same tab.
 */
export function SettingsScreen() {
  const intl = useIntl();
  const profile = useAppSelector(selectProfile);
  const [params, setParams] = useSearchParams();
  if (!profile) return <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  const tabs = SETTINGS_TABS.filter((tab) => hasAccess(profile.roles, tab.requires));
  const requested = params.get(TAB_PARAMETER);
  const active = tabs.some((tab) => tab.key === requested) ? requested! : tabs[0].key;
  return (
    <div className="settings-screen" style={{ height: '100%', overflow: 'auto' }}>
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '16px clamp(12px, 3vw, 32px) 32px' }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          <FormattedMessage id="screen.settings.title" />
        </Typography.Title>
        <Tabs
          className="settings-tabs"
          activeKey={active}
          onChange={(key) =>
            setParams(key === tabs[0].key ? {} : { [TAB_PARAMETER]: key }, { replace: true })
          }
          destroyOnHidden
          items={tabs.map((tab) => ({
            key: tab.key,
            label: intl.formatMessage({ id: tab.labelId }),
            children: tab.render(profile),
          }))}
        />
      </div>
    </div>
  );
}
