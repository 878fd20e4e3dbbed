import { Descriptions, Grid, Tag } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Profile } from '../../contract/Profile';
import { TAG_TONES } from '../ui/tagTones';

/** The profile in read mode (spec §2): every field, and the teams when there are any. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const intl = useIntl();
  // On a phone the labels go above their values, so long addresses keep the full width.
  const wide = Grid.useBreakpoint().sm ?? true;
  const t = (id: string) => intl.formatMessage({ id });
  const empty = <span style={{ color: '#999' }}>—</span>;
  const value = (text: string | undefined) => (text?.trim() ? text : empty);
  const language = profile.defaultLanguage ?? 'en';
  const items = [
    { key: 'name', label: t('settings.profile.name'), children: value(profile.name) },
    { key: 'username', label: t('settings.profile.username'), children: value(profile.username) },
    {
      key: 'email',
      label: t('settings.profile.email'),
      children: (
        <span>
          {value(profile.email)}
          {profile.pendingEmail && (
            <Tag style={{ marginLeft: 8, ...TAG_TONES.orange }} data-testid="pending-email">
              <FormattedMessage id="settings.profile.pendingEmail" values={{ email: profile.pendingEmail }} />
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'phone', label: t('settings.profile.phone'), children: value(profile.phone) },
    { key: 'companyName', label: t('settings.profile.companyName'), children: value(profile.companyName) },
    {
      key: 'companyAddress',
      label: t('settings.profile.companyAddress'),
      children: <span style={{ whiteSpace: 'pre-line' }}>{value(profile.companyAddress)}</span>,
    },
    { key: 'language', label: t('settings.profile.language'), children: t(`auth.language.${language}`) },
    ...(profile.teams.length > 0
      ? [
          {
            key: 'teams',
            label: t('settings.profile.teams'),
            children: profile.teams.map((team) => <Tag key={team}>{team}</Tag>),
          },
        ]
      : []),
  ];
  return (
    <Descriptions
      column={1}
      bordered
      size={wide ? 'middle' : 'small'}
      layout={wide ? 'horizontal' : 'vertical'}
      items={items}
      styles={{ label: wide ? { width: 200 } : {}, content: { overflowWrap: 'anywhere' } }}
    />
  );
}
