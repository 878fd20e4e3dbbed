import fs from 'node:fs';
import path from 'node:path';

/**
 * The README and docs/ point at each other and at the code: every relative link must reach a file, and a
 * link to a section must reach a heading of that file (as GitHub makes its anchors). The ADR index must
 * list every ADR, and every ADR must carry the standard headings.
 */

const root = path.resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

const documents = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

/** The text outside fenced code blocks and inline code, where a bracket is not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets: `[text](target)`, without web addresses and mail links. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = match[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

describe('links in the README and docs/', () => {
  it.each(documents.map((file) => [path.relative(root, file)]))(
    '%s: every relative link resolves',
    (name) => {
      const file = path.join(root, name);
      const broken: string[] = [];
      for (const target of relativeLinks(fs.readFileSync(file, 'utf8'))) {
        const [linkPath, anchor] = target.split('#');
        const resolved = linkPath ? path.resolve(path.dirname(file), decodeURI(linkPath)) : file;
        if (!fs.existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md')) {
          if (!headingAnchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
            broken.push(`${target}: no heading with that anchor`);
          }
        }
      }
      expect(broken).toEqual([]);
    },
  );
});

describe('architecture decision records', () => {
  const adrDir = path.join(root, 'docs/adr');
  const records = fs.readdirSync(adrDir).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it('one number per decision', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('the index lists every record', () => {
    const index = fs.readFileSync(path.join(adrDir, 'README.md'), 'utf8');
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it.each(records.map((name) => [name]))('%s has Status, Context, Decision and Consequences', (name) => {
    const text = fs.readFileSync(path.join(adrDir, name), 'utf8');
    const headings = [...text.matchAll(/^## (\w+)/gm)].map((match) => match[1]);
    const standard = ['Status', 'Context', 'Decision', 'Consequences'];
    expect(standard.filter((heading) => !headings.includes(heading))).toEqual([]);
    expect(headings.filter((heading) => standard.includes(heading))).toEqual(standard);
  });
});
