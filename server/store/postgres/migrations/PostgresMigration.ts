/**
 * One versioned PostgreSQL schema step (SQL without parameters). Versions follow the SQLite migrations'
 * areas (10–19 accounts, 30–39 plans/subscriptions, 40–49 settings/push, …) so the two lists read side by side.
 */
export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}
