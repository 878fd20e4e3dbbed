import { ExpandOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import type { SearchResponse } from '../../contract/Parcel';
import { lonLatBox } from '../map/clusters/lonLatBox';
import { zoomToResultsRequested } from '../map/mapSlice';

/**
 * "Zoom to results": after the spec's flight to the whole country, one click fits the
 * map to the extent of the municipalities holding the matches.
 */
export function ZoomToResults({ results }: { results: SearchResponse | undefined }) {
  const dispatch = useAppDispatch();
  const viewport = results?.aggregations.viewport;
  if (!viewport || results.hits.total.value === 0) return null;
  return (
    <Button
      size="small"
      icon={<ExpandOutlined />}
      onClick={() => dispatch(zoomToResultsRequested(lonLatBox(viewport.bounds)))}
      data-testid="zoom-to-results"
    >
      <FormattedMessage id="mapTools.zoomToResults" />
    </Button>
  );
}
