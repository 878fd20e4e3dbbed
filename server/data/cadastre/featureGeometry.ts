import { CadastreImportError, reason, type RawCadastreFeature } from './CadastreSource';
import type { AreaGeometry } from './readGeoPackageGeometry';

/**
 * A feature's geometry once it is known to be there and within the vertex limit (a larger one is refused
 * before its rings are checked): `what` names the feature in the message ("a parcel", "a building").
 */
export function boundedGeometry(raw: RawCadastreFeature, maxVertices: number, what: 'a parcel' | 'a building'): AreaGeometry {
  if (!raw.geometry)
    throw new CadastreImportError(raw.label, raw.geometryError ?? reason('reason.noGeometry', 'feature has no geometry'));
  const vertices = raw.geometry.polygons.reduce((sum, polygon) => sum + polygon.reduce((n, ring) => n + ring.length, 0), 0);
  if (vertices > maxVertices)
    throw new CadastreImportError(
      raw.label,
      reason(
        what === 'a parcel' ? 'reason.parcelVertices' : 'reason.buildingVertices',
        `has ${vertices.toLocaleString('en')} vertices, more than the ${maxVertices.toLocaleString('en')} ${what} may have (CADASTRE_MAX_VERTICES)`,
        { vertices, max: maxVertices },
      ),
    );
  return raw.geometry;
}
