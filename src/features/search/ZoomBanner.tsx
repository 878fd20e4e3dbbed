import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { PARCEL_MIN_ZOOM } from '../../contract/VectorTiles';

const ZOOM_IN_RED = '#b71c1c';

/**
 * Below zoom 14 the map shows only count bubbles, so a red 'Zoom in for results' asks the user to
 * zoom in to see the parcels; from zoom 14, where the matching parcels are drawn, 'Showing N' gives the
 * number of results listed on this page. Our reading of spec §2's "below a starting zoom level": the
 * level parcel tiles start at (spec §9).
 */
export function ZoomBanner({ zoom, showing }: { zoom: number; showing: number }) {
  if (zoom < PARCEL_MIN_ZOOM) {
    return (
      // A darker red than the theme's error colour (3.7:1 on white): 6.5:1, AA for text.
      <Typography.Text
        type="danger"
        strong
        role="status"
        data-testid="zoom-banner"
        style={{ color: ZOOM_IN_RED }}
      >
        <FormattedMessage id="search.zoomIn" />
      </Typography.Text>
    );
  }
  return (
    <Typography.Text role="status" data-testid="zoom-banner">
      <FormattedMessage id="search.showing" values={{ count: showing }} />
    </Typography.Text>
  );
}
