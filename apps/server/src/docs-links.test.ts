import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link and anchor of the documents resolves: README.md, CONTRIBUTING.md and every markdown file under
 * docs/ (folders added later, such as docs/decisions/, included). No markdown parser is among the dependencies, so
 * the few constructs the documents use are read here: inline links and images `[text](target "title")`, reference
 * definitions `[label]: target`, and `<a id|name="…">`; fenced code blocks, inline code and HTML comments hold no
 * links. Headings get GitHub's anchors: the heading's text lower-cased, everything but letters, digits, marks,
 * spaces, hyphens and underscores dropped, each space a hyphen, and a repeated anchor `-1`, `-2`, … Links to web
 * addresses (any `scheme:`) are not followed. No database: this reads files only.
 */

const root = path.resolve(import.meta.dirname, '../../..');

function markdownUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

function documents(): string[] {
  return ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs')].filter((file) => existsSync(path.join(root, file)));
}

/** The text with fenced code blocks and HTML comments blanked (lines kept, so line numbers stay right). */
function withoutCodeBlocks(text: string): string[] {
  const lines = text.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' ')).split('\n');
  let fence: { char: string; length: number } | null = null;
  return lines.map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (closing && closing[1]![0] === fence.char && closing[1]!.length >= fence.length) fence = null;
      return '';
    }
    if (opening) {
      fence = { char: opening[1]![0]!, length: opening[1]!.length };
      return '';
    }
    return line;
  });
}

/** Code spans blanked (newlines kept): a run of backticks up to the next run of the same length, in one paragraph. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)(?:(?!\n[ \t]*\n)[\s\S])*?[^`]\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** GitHub's anchor of a heading's text (github-slugger), before duplicates are numbered. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or an image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '') // code spans keep their text
    .replace(/(\*{1,3}|_{1,3})(\S(?:[\s\S]*?\S)?)\1/g, '$2'); // emphasis
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document has: its headings' (numbered when repeated) and its explicit `<a id|name>`. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(text)) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const explicit of line.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) anchors.add(explicit[1]!);
  }
  return anchors;
}

interface Link {
  line: number;
  target: string;
}

/**
 * The links of a document, outside code: inline links and images, and reference definitions. A link's text may run
 * over lines (prose is wrapped) and hold one level of brackets; its target, one level of parentheses.
 */
function linksOf(text: string): Link[] {
  const prose = withoutCodeSpans(withoutCodeBlocks(text).join('\n'));
  const lineAt = (offset: number) => prose.slice(0, offset).split('\n').length;
  const links: { offset: number; target: string }[] = [];
  for (const match of prose.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm)) {
    links.push({ offset: match.index, target: match[1]! });
  }
  const inline =
    /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\([ \t]*(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*\)/g;
  for (const match of prose.matchAll(inline)) links.push({ offset: match.index, target: match[1]! });
  return links
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, target }) => ({ line: lineAt(offset), target: target.replace(/^<|>$/g, '') }));
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with one link of `file` (a path from the root), or null when it resolves. */
function problemOf(file: string, target: string, read = (f: string) => readFileSync(f, 'utf8')): string | null {
  if (target === '' || isExternal(target)) return null;
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash)).split('?')[0]!;
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = pathPart
    ? pathPart.startsWith('/')
      ? path.posix.normalize(pathPart.slice(1))
      : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart))
    : file;
  if (resolved.startsWith('..')) return `${target}: outside the repository`;
  const absolute = path.join(root, resolved);
  if (!existsSync(absolute)) {
    return `${target}: no file ${resolved}`;
  }
  if (anchor === null || anchor === '') return null;
  if (statSync(absolute).isDirectory() || !resolved.endsWith('.md')) return null;
  if (anchorsOf(read(absolute)).has(anchor)) return null;
  return `${target}: no heading in ${resolved} has the anchor #${anchor}`;
}

describe('the links of the documents', () => {
  it('reads headings, links and code as GitHub does', () => {
    expect(slug('Signing keys (issue 46)')).toBe('signing-keys-issue-46');
    expect(slug('Exports and "Hamısı"')).toBe('exports-and-hamısı');
    expect(slug('The rule that keeps rolling upgrades safe: expand, deploy, contract')).toBe(
      'the-rule-that-keeps-rolling-upgrades-safe-expand-deploy-contract',
    );
    expect(slug('`npm run bench:web`, median of 3 cold loads, before → after')).toBe(
      'npm-run-benchweb-median-of-3-cold-loads-before--after',
    );
    expect(slug('**Bold** and [a link](x.md) and JWT_SECRET')).toBe('bold-and-a-link-and-jwt_secret');
    expect([...anchorsOf('# A\n\n## Same\n\n```\n## Not a heading\n```\n\n## Same\n## Same\n')]).toEqual([
      'a',
      'same',
      'same-1',
      'same-2',
    ]);
    const text = [
      'See [one](a.md#x), ![an image](img/b.png "title") and [nested [brackets]](c.md).',
      'Not `[code](d.md)`, but [after code](e.md) and [web](https://example.az) and [mail](mailto:a@b.az).',
      '```md',
      '[in a block](f.md)',
      '```',
      '<!-- [in a comment](g.md) -->',
      '[label]: h.md#y',
      '[angle](<i j.md>)',
      'A [link over',
      'two lines](k.md), a code span `over',
      'two [lines](l.md)` and [the last](m.md).',
    ].join('\n');
    expect(linksOf(text).map((l) => `${l.line}:${l.target}`)).toEqual([
      '1:a.md#x',
      '1:img/b.png',
      '1:c.md',
      '2:e.md',
      '2:https://example.az',
      '2:mailto:a@b.az',
      '7:h.md#y',
      '8:i j.md',
      '9:k.md',
      '11:m.md',
    ]);
  });

  it('finds a dead file and a dead anchor, and resolves from the file’s own folder', () => {
    expect(problemOf('docs/operations.md', 'security.md')).toBeNull();
    expect(problemOf('docs/operations.md', '../README.md')).toBeNull();
    expect(problemOf('docs/operations.md', '#backup-and-restore')).toBeNull();
    expect(problemOf('docs/operations.md', 'no-such-file.md')).toMatch(/no file docs\/no-such-file.md/);
    expect(problemOf('docs/operations.md', '#no-such-heading')).toMatch(/no heading in docs\/operations.md/);
    expect(problemOf('README.md', 'docs/operations.md#no-such-heading')).toMatch(/#no-such-heading/);
    expect(problemOf('README.md', 'https://example.az/missing')).toBeNull();
  });

  it.each(documents())('%s has no dead relative link or anchor', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const dead = linksOf(text).flatMap(({ line, target }) => {
      const problem = problemOf(file, target);
      return problem ? [`${file}:${line}: ${problem}`] : [];
    });
    expect(dead).toEqual([]);
  });
});
