import {
  readParcelParam,
  readSiteParam,
  readViewParam,
  viewParamValue,
  withShareLink,
} from '../../src/features/map/shareLink/shareLinkParams';
import { otherParams } from '../../src/features/search/searchUrlSync';

describe('share link parameters', () => {
  const view = {
    center: [8.5416904, 47.3665201] as [number, number],
    zoom: 15.256,
    pitch: 60,
    bearing: -20.04,
  };

  it('writes the camera as map=lon,lat,zoom,pitch,bearing, rounded to what a screen shows, and reads it back', () => {
    expect(viewParamValue(view)).toBe('8.54169,47.36652,15.26,60,-20');
    expect(readViewParam('8.54169,47.36652,15.26,60,-20')).toEqual({
      center: [8.54169, 47.36652],
      zoom: 15.26,
      pitch: 60,
      bearing: -20,
    });
  });

  it('ignores a malformed or impossible view and parcel id', () => {
    expect(readViewParam('8.5,47.3,15')).toBeNull();
    expect(readViewParam('8.5,47.3,15,x,0')).toBeNull();
    expect(readViewParam('8.5,47.3,40,0,0')).toBeNull();
    expect(readViewParam('8.5,95,12,0,0')).toBeNull();
    expect(readParcelParam('CH123456789012')).toBe('CH123456789012');
    expect(readParcelParam('<script>')).toBeNull();
  });

  it('sets map and parcel beside the filters, keeping them, and drops parcel when none is open', () => {
    const query = 'searchQuery=Zug&page=2&size=12';
    const shared = withShareLink(query, view, { parcelId: 'CH123456789012', siteIds: [] });
    expect(shared).toBe(
      'searchQuery=Zug&page=2&size=12&map=8.54169%2C47.36652%2C15.26%2C60%2C-20&parcel=CH123456789012',
    );
    expect(withShareLink(shared, view, { parcelId: null, siteIds: [] })).toBe(
      'searchQuery=Zug&page=2&size=12&map=8.54169%2C47.36652%2C15.26%2C60%2C-20',
    );
  });

  it('writes the site being assembled as site=EGRID,EGRID with plain commas, and drops it when the site is empty', () => {
    const shared = withShareLink('searchQuery=Baar', view, {
      parcelId: null,
      siteIds: ['CH111111111111', 'CH222222222222'],
    });
    expect(shared).toBe(
      'searchQuery=Baar&map=8.54169%2C47.36652%2C15.26%2C60%2C-20&site=CH111111111111,CH222222222222',
    );
    expect(withShareLink(shared, view, { parcelId: null, siteIds: [] })).toBe(
      'searchQuery=Baar&map=8.54169%2C47.36652%2C15.26%2C60%2C-20',
    );
  });

  it("reads site= as a site's valid, distinct parcel ids, at most twenty", () => {
    expect(readSiteParam('CH1, CH2,CH1,<script>,')).toEqual(['CH1', 'CH2']);
    expect(readSiteParam(null)).toEqual([]);
    const many = Array.from({ length: 25 }, (_, i) => `CH${i}`).join(',');
    expect(readSiteParam(many)).toHaveLength(20);
  });

  it("lets the search's URL sync keep the parameters it does not own", () => {
    expect(
      otherParams(
        'CANTON=ZG&PRC_SUR_from=300&page=2&size=12&map=8.5%2C47%2C9%2C20%2C-20&parcel=CH1&site=CH2,CH3',
      ),
    ).toBe('map=8.5%2C47%2C9%2C20%2C-20&parcel=CH1&site=CH2,CH3');
  });
});
