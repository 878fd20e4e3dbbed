import { Tag, Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import type { DataOrigin } from '../../contract/CadastreImport';
import { TAG_TONES } from '../ui/tagTones';

/**
 * Marks facts by where they come from: "Official" (imported cadastral survey) or "Demo data" (the
 * generator). Facts without an origin are demo data: only an import sets 'official'.
 */
export function DataOriginTag({ origin = 'synthetic' }: { origin?: DataOrigin }) {
  const intl = useIntl();
  const official = origin === 'official';
  return (
    <Tooltip
      title={intl.formatMessage({
        id: official ? 'dataQuality.tag.officialHint' : 'dataQuality.tag.syntheticHint',
      })}
    >
      <Tag
        style={{ marginInlineStart: 8, fontWeight: 'normal', ...TAG_TONES[official ? 'green' : 'gold'] }}
        data-testid={`data-origin-${origin}`}
      >
        {intl.formatMessage({ id: official ? 'dataQuality.tag.official' : 'dataQuality.tag.synthetic' })}
      </Tag>
    </Tooltip>
  );
}
