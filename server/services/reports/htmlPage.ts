import type { LanguageTranslator } from '../i18n/ServerTranslator';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #212121;
    margin: 0; background: #f5f5f5; }
  main { max-width: 820px; margin: 24px auto; background: #fff; padding: 32px 40px;
    box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { color: #176b73; font-size: 24px; margin: 0 0 4px; }
  h2 { color: #176b73; font-size: 17px; border-bottom: 1px solid #176b73; padding-bottom: 2px; margin-top: 28px; }
  .label { display: inline-block; background: #2199a5; color: #fff; border-radius: 3px; padding: 1px 8px;
    font-size: 12px; letter-spacing: .03em; text-transform: uppercase; }
  .muted { color: #616161; }
  table { border-collapse: collapse; width: 100%; }
  td { padding: 4px 8px 4px 0; vertical-align: top; border-bottom: 1px solid #eee; }
  td:first-child { color: #616161; width: 45%; }
  ul.findings { padding-left: 0; list-style: none; }
  ul.findings li { padding: 6px 10px; margin: 6px 0; border-left: 4px solid #2196f3; background: #f7fbff; }
  ul.findings li.high { border-color: #f44336; background: #fff6f5; }
  ul.findings li.medium { border-color: #ff9800; background: #fffaf2; }
  ul.findings li.opportunity { border-color: #4caf50; background: #f5fbf5; }
  svg { width: 100%; height: auto; border: 1px solid #ddd; margin-top: 12px; }
  footer { margin-top: 32px; font-size: 12px; color: #616161; }
  @media print { body { background: #fff; } main { box-shadow: none; margin: 0; max-width: none; } }
`;

/** A complete, printable HTML page (inline CSS, no script) in the translator's language. */
export function htmlPage(t: LanguageTranslator, title: string, body: string): string {
  return `<!doctype html>
<html lang="${t.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

/** What a message page says: its title and text ids, and the spec's error code where one exists. */
export interface PageMessage {
  titleId: string;
  messageId: string;
  /** Spec §8 code (e.g. no-ai-report-available), carried as data-error-code for scripts and tests. */
  code?: string;
  /** A link under the message, e.g. Upgrade → /plans. */
  link?: { labelId: string; href: string };
}

/** A page that explains why a tab could not show what it was opened for (never a bare 500). */
export function messagePage(t: LanguageTranslator, message: PageMessage): string {
  const title = t.t(message.titleId);
  const link = message.link
    ? `<p><a href="${escapeHtml(message.link.href)}">${escapeHtml(t.t(message.link.labelId))}</a></p>`
    : '';
  return htmlPage(
    t,
    title,
    `<h1>${escapeHtml(title)}</h1>
     <p data-testid="page-message" data-error-code="${escapeHtml(message.code ?? '')}">${escapeHtml(t.t(message.messageId))}</p>
     ${link}<p class="muted">${escapeHtml(t.t('report.page.closeTab'))}</p>`,
  );
}
