import type { Stores } from '../../../server/store/Stores';

/**
 * Fresh, empty repositories of one adapter for one test (called in beforeEach). A contract suite asks
 * only for the repositories it exercises, so an adapter runs the suites it already implements.
 */
export type MakeStores<Name extends keyof Stores> = () => Pick<Stores, Name | 'unitOfWork'>;
