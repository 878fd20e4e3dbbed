/** A finished tile as it goes over the wire: gzip bytes and the entity tag of their content. */
export interface EncodedTile {
  gzip: Buffer;
  etag: string;
}

/** Pre-encoded tiles by dataset build and tile key (migration 90). */
export interface TileBlobStore {
  read(dataset: string, key: string): Promise<EncodedTile | null>;
  write(dataset: string, key: string, tile: EncodedTile): Promise<void>;
  /** Drops every tile not of this dataset build. */
  keepOnly(dataset: string): Promise<void>;
}
