import { CheckOutlined } from '@ant-design/icons';
import { FormattedMessage } from 'react-intl';
import { PALETTE } from '../../app/palette';
import type { PlanLimits as Limits } from '../../contract/Subscription';

const LINES: { key: keyof Limits; id: string }[] = [
  { key: 'max_advance_search', id: 'plans.limit.advanceSearch' },
  { key: 'max_full_view', id: 'plans.limit.fullView' },
  { key: 'max_report_download', id: 'plans.limit.reportDownload' },
];

/** A plan's monthly limits as translated lines ("350 advanced searches"). */
export function PlanLimits({ limits }: { limits: Limits }) {
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: '12px 0' }}>
      {LINES.map(({ key, id }) => (
        <li key={key} style={{ padding: '4px 0' }}>
          <CheckOutlined style={{ color: PALETTE.success, marginRight: 8 }} />
          <FormattedMessage id={id} values={{ count: limits[key] }} />
        </li>
      ))}
    </ul>
  );
}
