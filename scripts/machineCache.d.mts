/** Types of machineCache.mjs (a plain ES module that node runs as it is, for npm test). */

/** `$XDG_CACHE_HOME` (or ~/.cache) /parcel-atlas/`name`. */
export function machineCacheDirectory(name: string): string;

/**
 * Copies this machine's kept builds of the native addons `names` into `root`'s node_modules where one of the
 * installed version loads; returns the names restored. A kept build that does not load is thrown away.
 */
export function restoreKeptBuilds(names: string[], root?: string): string[];

/** Keeps the binaries of the native addons `names` just built under `root`'s node_modules. */
export function keepBuilds(names: string[], root?: string): void;
