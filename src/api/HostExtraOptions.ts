/** Per-endpoint options of the base queries (`extraOptions` of an RTK Query endpoint). */
export interface HostExtraOptions {
  /** A public call (spec §7: "public calls carry no bearer token"): send no Authorization header. */
  anonymous?: boolean;
}
