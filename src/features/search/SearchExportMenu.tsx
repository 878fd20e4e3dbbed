import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { LIST_EXPORT_FORMATS, type ListExportFormat } from '../../contract/ParcelLists';
import { useExportSearchMutation } from './searchApi';
import type { ActiveSearch } from './searchSlice';

/**
 * The search result's bulk export (all pages, up to the server's cap): CSV, Excel, GeoPackage, GeoJSON
 * or one DXF. Its own chunk: the map view's first load stays within budget.
 */
export default function SearchExportMenu({ search }: { search: ActiveSearch }) {
  const intl = useIntl();
  const [exportSearch, { isLoading }] = useExportSearchMutation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: LIST_EXPORT_FORMATS.map((format) => ({
          key: format,
          label: intl.formatMessage({ id: `lists.export.${format}` }),
        })),
        onClick: ({ key }) => void exportSearch({ search, format: key as ListExportFormat }),
      }}
    >
      <Tooltip title={intl.formatMessage({ id: 'search.export.hint' })}>
        <Button size="small" icon={<DownloadOutlined />} loading={isLoading} data-testid="search-export">
          {intl.formatMessage({ id: 'search.export' })}
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
