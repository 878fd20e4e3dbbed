/** Width of the parcel detail drawer, px: room for the bordered tables next to the map. */
export const DRAWER_WIDTH = 440;
