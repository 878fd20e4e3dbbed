/**
 * A repository port as a synchronous driver implements it: every method returns its promise's value
 * directly. The SQLite adapter's repositories are written this way and made asynchronous, one statement at
 * a time outside the running unit of work, by `serialiseUnits` (ADR 022).
 */
export type Synchronous<Port> = {
  [Name in keyof Port]: Port[Name] extends (...args: infer Args) => Promise<infer Result>
    ? (...args: Args) => Result
    : Port[Name];
};

/**
 * A synchronous interface as an asynchronous driver implements it: every method resolves its result later
 * (the PostgreSQL dataset and cadastre writers, ADR 024).
 */
export type Asynchronous<Port> = {
  [Name in keyof Port]: Port[Name] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : Port[Name];
};
