/** Types of machineCache.mjs (a plain ES module that node runs as it is, for npm test). */

/** `$XDG_CACHE_HOME` (or ~/.cache) /parcel-atlas/`name`. */
export function machineCacheDirectory(name: string): string;

/**
 * The native addons of `names` under `root` that work without their install scripts: as installed, or with this
 * machine's kept build copied in (a kept build that does not load is thrown away).
 */
export function addonsThatWork(names: string[], root?: string): string[];

/** Keeps the binaries of the native addons `names` just built under `root`'s node_modules. */
export function keepBuilds(names: string[], root?: string): void;

/** The cache file of a check (`eslint`, `prettier`) for the checkout `root` and its installed packages. */
export function checkCacheFile(tool: string, root?: string): string;
