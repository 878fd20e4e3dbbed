import fs from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;

function load(language: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), 'translations', `${language}.json`), 'utf8'));
}

const files = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));
const allKeys = [...new Set(LANGUAGES.flatMap((language) => Object.keys(files[language])))].sort();

/** ICU placeholders of a message ({name}, {count, plural, …}) — a translation must keep them. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]).sort();
}

describe('translations/{en,de,fr,it}.json', () => {
  it.each(LANGUAGES)('%s has every key used in any of the four files', (language) => {
    const missing = allKeys.filter((key) => !(key in files[language]));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a non-empty text for every key', (language) => {
    const empty = Object.entries(files[language])
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s keeps the placeholders of the English texts',
    (language) => {
      const broken = allKeys.filter((key) => {
        const english = files.en[key];
        const translated = files[language][key];
        if (typeof english !== 'string' || typeof translated !== 'string') return false;
        return placeholders(english).join() !== placeholders(translated).join();
      });
      expect(broken).toEqual([]);
    },
  );
});
