import type { Stores } from '../../../server/store/contract/Stores';

/**
 * Fresh, empty repositories of one adapter for one test (called in beforeEach). A contract suite asks
 * only for the repositories it exercises, so an adapter runs the suites it already implements.
 */
export type MakeStores<Name extends keyof Stores> = () => Pick<Stores, Name | 'unitOfWork'>;

/** The answers of `times` calls made one after another (each waits for the one before). */
export async function inTurn<T>(times: number, call: () => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < times; i++) answers.push(await call());
  return answers;
}
