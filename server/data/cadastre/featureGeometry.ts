import { CadastreImportError, type RawCadastreFeature } from './CadastreSource';
import type { AreaGeometry } from './readGeoPackageGeometry';

/**
 * A feature's geometry once it is known to be there and within the vertex limit (a larger one is refused
 * before its rings are checked): `what` names the feature in the message ("a parcel", "a building").
 */
export function boundedGeometry(raw: RawCadastreFeature, maxVertices: number, what: string): AreaGeometry {
  if (!raw.geometry) throw new CadastreImportError(raw.label, raw.geometryError ?? 'invalid geometry: none');
  const vertices = raw.geometry.polygons.reduce((sum, polygon) => sum + polygon.reduce((n, ring) => n + ring.length, 0), 0);
  if (vertices > maxVertices)
    throw new CadastreImportError(
      raw.label,
      `has ${vertices.toLocaleString('en')} vertices, more than the ${maxVertices.toLocaleString('en')} ${what} may have (CADASTRE_MAX_VERTICES)`,
    );
  return raw.geometry;
}
