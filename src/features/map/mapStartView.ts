/** The map's start view and zoom thresholds (spec §9). */
export const MAP_START_VIEW = {
  center: [8.4225, 46.9587] as [number, number],
  zoom: 7,
  pitch: 20,
  bearing: -20,
};
export const MAP_MAX_PITCH = 85;
/** Parcel tiles and the surrounding parcels appear from this zoom; clusters show below it. */
export const PARCEL_MIN_ZOOM = 14;
/** Clusters show from the start zoom up to PARCEL_MIN_ZOOM. */
export const CLUSTER_MIN_ZOOM = 7;
/** Buildings (maps/objects) are drawn from this zoom (data-notes: keep buildings from z15). */
export const OBJECT_MIN_ZOOM = 15;
/** Where choosing a result flies to. */
export const SELECTED_PARCEL_VIEW = { zoom: 17, pitch: 60 };
