import fs from 'node:fs';
import path from 'node:path';
import en from '../../translations/en.json';
import prefixes from '../../src/features/i18n/serverOnlyMessagePrefixes.json';

/** The browser bundles leave these messages out (webpack.config.ts): no browser code may ask for one. */
const isServerOnly = (id: string) => prefixes.some((prefix) => id.startsWith(prefix));

function browserSources(dir = path.resolve(__dirname, '../../src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return browserSources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the server-only messages the browser bundles leave out', () => {
  it('are the server’s: reports, the assessment, replies and the comparison PDF, not the screens', () => {
    const ids = Object.keys(en);
    expect(ids.filter(isServerOnly)).toEqual(
      expect.arrayContaining(['report.pdf.title', 'assessment.title', 'compare.row.reserve']),
    );
    expect(ids.filter((id) => !isServerOnly(id))).toEqual(
      expect.arrayContaining(['compare.screen.title', 'compare.legend.best', 'reports.dwg.title']),
    );
  });

  it('are never asked for by the browser app, literally or through a template', () => {
    const serverIds = Object.keys(en).filter(isServerOnly);
    const sources = browserSources().map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    const literal = sources.flatMap(({ file, text }) =>
      serverIds
        .filter((id) => text.includes(`'${id}'`) || text.includes(`"${id}"`))
        .map((id) => `${file}: ${id}`),
    );
    expect(literal).toEqual([]);
    const templates = sources
      .filter(({ text }) => prefixes.some((prefix) => text.includes(`\`${prefix}\${`)))
      .map(({ file }) => file);
    expect(templates).toEqual([]);
  });
});
