/** The geography's licence asks for this attribution on the map (data-notes.md). */
export const BASE_MAP_ATTRIBUTION = 'Geodata © Swiss Federal Statistical Office (BFS), GEOSTAT';
