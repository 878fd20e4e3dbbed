import { Form, Select } from 'antd';
import { useIntl } from 'react-intl';
import type { SiteListResponse } from '../../../contract/Settings';
import { roleSelectOptions } from './roleOptions';

/** The roles and sites fields of an account form (the invitation and the access dialog). */
export function AccessFields({ sites }: { sites: SiteListResponse['sites'] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Form.Item name="roles" label={t('settings.users.roles')} extra={t('settings.users.rolesHint')}>
        <Select mode="tags" options={roleSelectOptions} tokenSeparators={[',', ' ']} />
      </Form.Item>
      <Form.Item name="sites" label={t('settings.users.sites')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={sites.map((site) => ({ value: site.siteID, label: `${site.name} (${site.siteID})` }))}
        />
      </Form.Item>
    </>
  );
}
