/** Types of buildServer.mjs for the TypeScript that imports it (the tests). */
export declare const SERVER_BUILD_DIR: string;
export declare const SERVER_MAIN: string;
export declare function buildServer(options?: {
  root?: string;
}): Promise<{ modules: number; written: number; seconds: number }>;
export declare function ensureServerBuilt(): Promise<void>;
