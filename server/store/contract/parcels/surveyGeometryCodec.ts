import type { Ring } from '../../../geo/ring';
import type { PolygonGeometry } from '../../../../src/contract/Parcel';
import { lonLatToLv95, lv95ToLonLat, mercatorToLonLat } from '../../../geo/projection';
import { decodeParts, encodeScaledParts, partsToGeoJson, type PolygonParts } from './geometryCodec';

/**
 * The survey form of an outline: Swiss LV95 (EPSG:2056) coordinates in whole millimetres, the resolution
 * survey data is exchanged in, in the compact codec's layout (a corner at E 2'685'506.217 comes back as
 * exactly that). The tile form (Web Mercator decimetres) stays beside it for drawing tiles; drawings,
 * exports and the API's LV95 outline read this one.
 */
const MILLIMETRES = 1000;

/** A coordinate in metres rounded to the millimetre. */
export const toMillimetre = (value: number) => Math.round(value * MILLIMETRES) / MILLIMETRES;

/** The survey form of an outline of one or more parts (geometryCodec's layout). */
export function encodeSurveyGeometry(lv95Parts: PolygonParts): Buffer {
  return encodeScaledParts(lv95Parts, MILLIMETRES);
}

/** LV95 metres (millimetre values), per part its rings without their closing point. */
export function decodeSurveyParts(data: Uint8Array): Ring[][] {
  return decodeParts(data, undefined, MILLIMETRES);
}

/**
 * An outline in LV95 metres to the millimetre, part by part: the survey form where one is stored, else the
 * tile form projected (a synthetic parcel was laid out in the tile form, which is then its exact outline).
 */
export function outlineLv95(tileForm: Uint8Array, surveyForm: Uint8Array | null): Ring[][] {
  if (surveyForm) return decodeSurveyParts(surveyForm);
  return decodeParts(tileForm).map((rings) =>
    rings.map((ring) =>
      ring.map(([x, y]) => {
        const [e, n] = lonLatToLv95(...mercatorToLonLat(x, y));
        return [toMillimetre(e), toMillimetre(n)];
      }),
    ),
  );
}

const closed = (ring: Ring): number[][] => (ring.length > 0 ? [...ring, ring[0]] : []);

/** LV95 parts as a GeoJSON Polygon (MultiPolygon for several parts) in EPSG:2056 metres (closed rings). */
export function lv95PartsToGeoJson(parts: PolygonParts): PolygonGeometry {
  return partsToGeoJson(parts.map((rings) => rings.map(closed)));
}

/** 1e-8° is at most 1.1 mm: a survey outline keeps its shape on the map and in WGS84 exports. */
export const round8 = (n: number) => Math.round(n * 1e8) / 1e8;

/** The survey form as a WGS84 GeoJSON Polygon (MultiPolygon for several parts; closed rings). */
export function surveyGeometryToWgs84(surveyForm: Uint8Array): PolygonGeometry {
  return partsToGeoJson(
    decodeSurveyParts(surveyForm).map((rings) =>
      rings.map((ring) =>
        closed(
          ring.map(([e, n]) => {
            const [lon, lat] = lv95ToLonLat(e, n);
            return [round8(lon), round8(lat)];
          }),
        ),
      ),
    ),
  );
}
