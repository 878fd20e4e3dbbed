import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_PAGES } from '../../contract/SearchParameters';
import { pageCount } from './searchSlice';

export interface ResultPagingProps {
  total: number;
  relation: 'eq' | 'gte';
  page: number;
  size: number;
  onPage: (page: number) => void;
}

/**
 * 'Found N results' and 'Page X of Y', Y shown as '100+' at the cap (spec §2, §9). A total the server
 * only counted up to its cap (relation 'gte') reads 'Found 10,000+ results'.
 */
export function ResultPaging({ total, relation, page, size, onPage }: ResultPagingProps) {
  const intl = useIntl();
  const { pages, capped } = pageCount(total, size, relation);
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <Typography.Text strong data-testid="result-count">
        <FormattedMessage
          id={relation === 'gte' ? 'search.foundAtLeast' : 'search.found'}
          values={{ count: total }}
        />
      </Typography.Text>
      <Space size={4}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={intl.formatMessage({ id: 'search.page.previous' })}
        />
        <Typography.Text data-testid="result-page">
          <FormattedMessage id="search.page" values={{ page, pages: capped ? `${MAX_PAGES}+` : pages }} />
        </Typography.Text>
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={intl.formatMessage({ id: 'search.page.next' })}
        />
      </Space>
    </div>
  );
}
