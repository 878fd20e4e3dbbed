/**
 * Runs `work` as one unit: everything it writes commits together when its promise resolves, and nothing of
 * it remains when it rejects. Nested units join the outer one (a savepoint), so a service may open its own
 * unit inside a route's. Atomic checks (quotas, single-use keys) are single statements, never "nothing else
 * runs meanwhile" (ADR 022).
 */
export type UnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;
