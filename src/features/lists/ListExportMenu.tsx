import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useIntl } from 'react-intl';
import { LIST_EXPORT_FORMATS } from '../../contract/ParcelLists';
import { useExportParcelListMutation } from './listEndpoints';

/** The list's bulk export: CSV, Excel, GeoPackage, GeoJSON or one DXF. */
export function ListExportMenu({ listId, disabled }: { listId: string; disabled: boolean }) {
  const intl = useIntl();
  const [exportList, { isLoading }] = useExportParcelListMutation();
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: LIST_EXPORT_FORMATS.map((format) => ({
          key: format,
          label: intl.formatMessage({ id: `lists.export.${format}` }),
        })),
        onClick: ({ key }) =>
          void exportList({ listId, format: key as (typeof LIST_EXPORT_FORMATS)[number] }),
      }}
    >
      <Button size="small" icon={<DownloadOutlined />} loading={isLoading} data-testid="list-export">
        {intl.formatMessage({ id: 'lists.export' })}
      </Button>
    </Dropdown>
  );
}
