import { escapeHtml } from './escapeHtml';

/**
 * The frame of the built-in test checkout and portal pages: a plain, self-contained page (no scripts)
 * with a banner that says, on every page, that this is a test payment.
 */
export function renderPaymentPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Parcel Atlas</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f7f8; color: #1f2d33; }
  .banner { background: #ff9800; color: #000; text-align: center; padding: 10px; font-weight: 700; letter-spacing: .04em; }
  main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 8px; padding: 28px;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.3rem; margin: 0 0 4px; color: #176b73; }
  .amount { font-size: 2rem; font-weight: 700; margin: 8px 0 20px; }
  label { display: block; font-size: .85rem; margin: 12px 0 4px; color: #4a5a60; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 1rem; border: 1px solid #c4cdd0; border-radius: 4px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; padding: 12px; font-size: 1rem; border: 0; border-radius: 4px; cursor: pointer; margin-top: 16px; }
  .primary { background: #2199A5; color: #fff; } .secondary { background: #e8eef0; color: #1f2d33; }
  .danger { background: #f44336; color: #fff; }
  .error { background: #fdecea; color: #b71c1c; padding: 10px; border-radius: 4px; margin: 12px 0; }
  .hint { font-size: .8rem; color: #6b7b80; margin-top: 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; } dt { color: #4a5a60; } dd { margin: 0; font-weight: 600; }
  a { color: #176b73; }
</style>
</head>
<body>
<div class="banner" role="alert">TEST PAYMENT · no real card is charged</div>
<main>
${body}
</main>
</body>
</html>`;
}
