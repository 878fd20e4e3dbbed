/** A site of spec §6 (`siteID` in the profile) with its display name. */
export interface SiteRecord {
  id: string;
  name: string;
}

/** The sites table (migration 40); grants per user live with the user store (`user_sites`). */
export interface SiteStore {
  list(): Promise<SiteRecord[]>;
  /** The ids among `ids` that are not known sites. */
  unknown(ids: readonly string[]): Promise<string[]>;
  /** Creates a site or renames an existing one. */
  save(site: SiteRecord): Promise<SiteRecord>;
}
