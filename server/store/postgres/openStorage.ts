import type { Config } from '../../config';
import { createStatementLabeller } from '../contract/statementTimings/statementLabel';
import type { StatementObserver, Storage } from '../contract/Storage';
import { openPostgresRepositories } from './createPostgresStores';
import { addPostgresFanOut } from './postgresFanOut';

/**
 * The PostgreSQL/PostGIS adapter (ADR 050, 024): node-postgres' pool of DATABASE_POOL_SIZE connections
 * with DATABASE_STATEMENT_TIMEOUT_MS, every pending migration applied and the plan catalogue seeded. Its
 * `close` ends the pool.
 */
export async function openStorage({
  databaseUrl,
  databasePoolSize,
  databaseStatementTimeoutMs,
}: Pick<Config, 'databasePoolSize' | 'databaseStatementTimeoutMs'> & {
  databaseUrl: string;
}): Promise<Storage> {
  let observer: StatementObserver | null = null;
  const labelOf = createStatementLabeller();
  const { health, close, searchIndex, ...stores } = await openPostgresRepositories(databaseUrl, {
    poolSize: databasePoolSize,
    statementTimeoutMs: databaseStatementTimeoutMs,
    onStatement: (seconds, sql) => observer?.(labelOf(sql))(seconds),
  });
  return {
    adapter: 'postgres',
    stores,
    health,
    location: { databaseUrl },
    searchIndex,
    observeStatements: (observe) => {
      observer = observe;
    },
    socketFanOut: (io, onError) => addPostgresFanOut(io, databaseUrl, onError),
    close,
  };
}
