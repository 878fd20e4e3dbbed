import { Button, Collapse, Flex, Form, Input } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIST_STATUSES, MAX_STATUS_LABEL_LENGTH, type ListStatus } from '../../contract/ParcelLists';
import { useGetSiteStatusesQuery, useRenameListStatusMutation } from './listEndpoints';

/** One site's pipeline names: each step's own name, or empty for its translated default. */
function SiteStatusNames({ siteId }: { siteId: string }) {
  const intl = useIntl();
  const { data } = useGetSiteStatusesQuery(siteId);
  const [rename, { isLoading }] = useRenameListStatusMutation();
  if (!data) return null;
  const initial = Object.fromEntries(data.statuses.map((s) => [s.key, s.label ?? '']));
  const save = async (values: Record<ListStatus, string>) => {
    for (const status of LIST_STATUSES) {
      const label = values[status]?.trim() || null;
      if (label !== (initial[status] || null)) await rename({ siteId, status, label });
    }
  };
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void save(values)}
      key={JSON.stringify(initial)}
    >
      {LIST_STATUSES.map((status) => (
        <Form.Item
          key={status}
          name={status}
          label={intl.formatMessage({ id: `lists.status.${status}` })}
          style={{ marginBottom: 6 }}
        >
          <Input
            size="small"
            maxLength={MAX_STATUS_LABEL_LENGTH}
            placeholder={intl.formatMessage({ id: `lists.status.${status}` })}
          />
        </Form.Item>
      ))}
      <Button size="small" type="primary" htmlType="submit" loading={isLoading}>
        <FormattedMessage id="lists.statusNames.save" />
      </Button>
    </Form>
  );
}

/** For a site's administrators: the names of its pipeline steps, as every shared list of the site shows them. */
export function StatusNamesEditor({ sites }: { sites: { id: string; name: string }[] }) {
  const intl = useIntl();
  return (
    <Flex vertical>
      <Collapse
        size="small"
        items={sites.map((site) => ({
          key: site.id,
          label: intl.formatMessage({ id: 'lists.statusNames' }, { site: site.name }),
          children: <SiteStatusNames siteId={site.id} />,
        }))}
      />
    </Flex>
  );
}
