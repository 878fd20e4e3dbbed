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
