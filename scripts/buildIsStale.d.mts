/** Types of buildIsStale.mjs (a plain ES module that node runs as it is, for npm start and the e2e set-up). */

/** Whether dist/ is missing or older than any input of the browser build under `root` (the working directory). */
export function buildIsStale(root?: string): boolean;

/** Records that dist/ was built from the inputs as they are now (dist/index.html's time stamp). */
export function markBuilt(root?: string): void;
