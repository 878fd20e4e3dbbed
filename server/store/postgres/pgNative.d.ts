// Types for pg-native (node-postgres' libpq binding), which ships none: only the synchronous calls the
// PostgreSQL adapter uses, and the libpq handle it reads the affected-row count and SQLSTATE from.
declare module 'pg-native' {
  interface TypeParsers {
    getTypeParser(oid: number, format?: string): (value: string) => unknown;
  }

  interface LibpqHandle {
    /** The affected-row count of the last command ('' for commands without one). */
    cmdTuples(): string;
    /** The error fields of the last failed command (sqlState, messagePrimary, detail, …). */
    resultErrorFields(): Record<string, string | undefined> | undefined;
    /** PQtransactionStatus: 0 idle, 1 active, 2 in a transaction, 3 in a failed one, 4 unknown (bad connection). */
    transactionStatus(): number;
    /** PQconsumeInput: reads what the server already sent, without blocking; false when the connection broke. */
    consumeInput(): boolean;
    /** PQnotifies: the next notification libpq has read, or undefined. */
    notifies(): { relname: string; extra: string; be_pid: number } | undefined;
  }

  class Client {
    constructor(options?: { types?: TypeParsers; arrayMode?: boolean });
    pq: LibpqHandle;
    connectSync(connectionString?: string): void;
    querySync(text: string, values?: (string | null)[]): Record<string, unknown>[];
    prepareSync(statementName: string, text: string, parameterCount: number): void;
    executeSync(statementName: string, values: (string | null)[]): Record<string, unknown>[];
    end(callback?: () => void): void;
  }

  export = Client;
}
