#!/usr/bin/env node
// Merges translation keys into translations/{en,de,fr,it}.json and keeps the files sorted.
// Usage: node scripts/add-translations.mjs fragment.json   (or '-' for stdin)
// The fragment maps each key to its four texts: { "login.title": { "en": "…", "de": "…", "fr": "…", "it": "…" } }
import fs from 'node:fs';

const LANGS = ['en', 'de', 'fr', 'it'];
const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/add-translations.mjs FRAGMENT.json|-');
  process.exit(2);
}
const fragment = JSON.parse(fs.readFileSync(source === '-' ? 0 : source, 'utf8'));
for (const [key, texts] of Object.entries(fragment)) {
  const missing = LANGS.filter((lang) => typeof texts[lang] !== 'string' || texts[lang] === '');
  if (missing.length) {
    console.error(`${key}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const lang of LANGS) {
  const file = `translations/${lang}.json`;
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const [key, texts] of Object.entries(fragment)) current[key] = texts[lang];
  const sorted = Object.fromEntries(
    Object.keys(current)
      .sort()
      .map((key) => [key, current[key]]),
  );
  fs.writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
}
console.log(`merged ${Object.keys(fragment).length} keys into ${LANGS.length} files`);
