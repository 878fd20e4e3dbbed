/** More distinct labels than this and the rest are `other`: a metric's series must stay few. */
export const MAX_STATEMENT_LABELS = 300;

const VERB = /^\s*(?:--[^\n]*\n\s*)*([a-z]+)/i;
const TABLE =
  /\b(?:from|into|update|join|table)\s+(?:if\s+(?:not\s+)?exists\s+)?"?([a-z_][a-z0-9_]{0,62})"?/i;

/**
 * A short, bounded name for a statement in the metrics: its verb and the first table it names
 * (`select parcels`, `insert quota_usage`, `with`); never values, so a label does not grow with the data.
 */
export function statementLabel(sql: string): string {
  const verb = VERB.exec(sql)?.[1]?.toLowerCase();
  if (!verb) return 'other';
  const table = TABLE.exec(sql)?.[1]?.toLowerCase();
  return table ? `${verb} ${table}` : verb;
}

/**
 * statementLabel behind a memo per SQL text, capped at MAX_STATEMENT_LABELS labels (a generated SQL text,
 * e.g. one with an IN list of varying length, reuses its label's entry once the texts are many).
 */
export function createStatementLabeller(): (sql: string) => string {
  const bySql = new Map<string, string>();
  const labels = new Set<string>();
  return (sql) => {
    const known = bySql.get(sql);
    if (known !== undefined) return known;
    let label = statementLabel(sql);
    if (!labels.has(label)) {
      if (labels.size >= MAX_STATEMENT_LABELS) label = 'other';
      else labels.add(label);
    }
    // Texts are finite in the code, but an IN list's placeholders are not: bound the memo too.
    if (bySql.size < 10_000) bySql.set(sql, label);
    return label;
  };
}
