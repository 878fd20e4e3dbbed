/** A declaration that hides its element: what `toBeVisible` and RTL's role queries read from a style sheet. */
const HIDES = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(!important\s*)?(;|$)/;

/**
 * The rules of a CSS text that hide what they select (`display: none`, `visibility: hidden`), outside
 * at-rules: antd's hidden states (a closed drawer's wrapper, a dropdown not open, a hidden tab pane), kept
 * for jsdom while the thousands of rules that only style are dropped (ADR 073).
 */
export function antdHidingRules(css: string): string {
  let kept = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open === -1) break;
    let depth = 1;
    let close = open + 1;
    for (; close < css.length && depth > 0; close++) {
      if (css[close] === '{') depth++;
      else if (css[close] === '}') depth--;
    }
    const prelude = css.slice(at, open).trim();
    const body = css.slice(open + 1, close - 1);
    // An at-rule's block (@media, @keyframes) holds rules of its own, true only sometimes: left out.
    if (!prelude.startsWith('@') && HIDES.test(body)) kept += `${prelude}{${body}}`;
    at = close;
  }
  return kept;
}
