/** A camera move the map controller performs once; `seq` tells a new request from one already done. */
export interface FlyToRequest {
  seq: number;
  center: [number, number];
  zoom: number;
  pitch: number;
  bearing?: number;
  /** Keep the target clear of the detail drawer, which opens with this flight. */
  besideDrawer?: boolean;
}
