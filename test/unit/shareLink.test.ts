import {
  readParcelParam,
  readSiteParam,
  readViewParam,
  viewParamValue,
} from '../../src/features/map/shareLink/shareLinkParams';

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

  it("reads site= as a site's valid, distinct parcel ids, at most twenty", () => {
    expect(readSiteParam('CH1, CH2,CH1,<script>,')).toEqual(['CH1', 'CH2']);
    expect(readSiteParam(null)).toEqual([]);
    const many = Array.from({ length: 25 }, (_, i) => `CH${i}`).join(',');
    expect(readSiteParam(many)).toHaveLength(20);
  });
});
