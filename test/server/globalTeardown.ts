/** Stops the PostgreSQL test cluster of globalSetup.ts and removes its directory. */
export default async function globalTeardown(): Promise<void> {
  globalThis.parcelAtlasTestPostgres?.stop();
}
