#!/usr/bin/env node
// The functions over a length (100 lines unless --max=N) and the files over a length (400 lines unless
// --max-file=N) under the folders given (apps/server/src unless given), read with the TypeScript compiler API:
// .ts, .tsx, .js, .mjs and .cjs files, not .d.ts; tests are left out unless --tests.
//
// Declarative tables do not count (the rule, for functions and files alike): the lines inside an object or array
// literal that holds no block-bodied function (route options, columns, schemas, messages, dictionaries) are taken
// off the function or the file that holds them; a literal that holds one (a factory's returned methods) counts in
// full. So a file that is mostly a table (an i18n dictionary, the route table, the resources' definitions, the
// environment's schema) counts only the code around its tables. Besides tests, these are never read: migrations
// (a migrations/ folder), generated or built code (dist/, node_modules/), test fixtures (test/ folders, test-kit
// files) and type declarations (.d.ts, .d.mts). There is no list of exempted files: a table is recognised by its
// shape, and a file with more than 400 lines of code around its tables must be split.
//
// Prints each long function (file:line name, its lines counted, its lines in all), each long file (file, its lines
// counted, its lines in all), then the counts. With --fail it exits 1 when it found one; with --allow=N, when it
// found more than N long functions, and with --allow-files=N, more than N long files (npm run lint runs it so: the
// ones left are counted, and a new one fails the lint until it is split or an old one goes).
// Usage: node scripts/long-functions.mjs [folder ...] [--max=100] [--max-file=400] [--tests] [--count] [--fail]
//        [--allow=N] [--allow-files=N]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const max = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? 100);
const withTests = args.includes('--tests');
const countOnly = args.includes('--count');
const failOnLong = args.includes('--fail');
const maxFile = Number(args.find((a) => a.startsWith('--max-file='))?.slice(11) ?? 400);
const allowed = Number(args.find((a) => a.startsWith('--allow='))?.slice(8) ?? (failOnLong ? 0 : Infinity));
const allowedFiles = Number(args.find((a) => a.startsWith('--allow-files='))?.slice(14) ?? (failOnLong ? 0 : Infinity));
const root = path.resolve(import.meta.dirname, '..');
const folders = args.filter((a) => !a.startsWith('--'));
if (folders.length === 0) folders.push('apps/server/src');

const isTest = (file) => /\.test\.tsx?$|test-kit\.tsx?$|[/\\]test[/\\]/.test(file);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'migrations'].includes(entry.name)) yield* sourceFiles(file);
    } else if (
      /\.(tsx?|[cm]?js)$/.test(entry.name) &&
      !/\.d\.[cm]?ts$/.test(entry.name) &&
      (withTests || !isTest(file))
    ) {
      yield file;
    }
  }
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** A function with statements of its own (an arrow with an expression body is a value in a table). */
const hasBlock = (node) => isFunction(node) && node.body !== undefined && ts.isBlock(node.body);

function holdsCode(node) {
  let found = false;
  const visit = (child) => {
    if (found) return;
    if (hasBlock(child)) found = true;
    else ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

const isLiteral = (node) => ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node);

function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, '');
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${first.text}` : '';
    return `${callee}(${label.trim()}) callback`;
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

const lineOf = (source, pos) => source.getLineAndCharacterOfPosition(pos).line;

/** The lines a function (or a whole file) spans, less those only inside its declarative tables. */
function countedLines(fn, source) {
  // A whole file counts from its first line (its opening comment too) to its last, less a final newline.
  const first = ts.isSourceFile(fn) ? 0 : lineOf(source, fn.getStart(source));
  const last = lineOf(source, ts.isSourceFile(fn) ? Math.max(fn.getEnd() - 1, 0) : fn.getEnd());
  const table = new Set();
  const visit = (node) => {
    if (isLiteral(node) && !holdsCode(node)) {
      const a = lineOf(source, node.getStart(source));
      const b = lineOf(source, node.getEnd());
      // The literal's first and last lines hold code around it (`const x = {`, `});`): only its inside is a table.
      for (let line = a + 1; line < b; line += 1) table.add(line);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return { counted: last - first + 1 - table.size, total: last - first + 1, first };
}

const scriptKind = (file) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;

const long = [];
const longFiles = [];
for (const folder of folders) {
  for (const file of sourceFiles(path.resolve(root, folder))) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
    const whole = countedLines(source, source);
    if (whole.counted > maxFile)
      longFiles.push({ where: path.relative(root, file), counted: whole.counted, total: whole.total });
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const { counted, total, first } = countedLines(node, source);
        if (counted > max)
          long.push({ where: `${path.relative(root, file)}:${first + 1}`, name: nameOf(node, source), counted, total });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

long.sort((a, b) => b.counted - a.counted);
longFiles.sort((a, b) => b.counted - a.counted);
if (!countOnly) {
  for (const f of long)
    console.log(`${String(f.counted).padStart(5)} ${String(f.total).padStart(5)}  ${f.where}  ${f.name}`);
  for (const f of longFiles) console.log(`${String(f.counted).padStart(5)} ${String(f.total).padStart(5)}  ${f.where}`);
}
const tests = withTests ? ' (tests included)' : '';
console.log(`${long.length} functions over ${max} lines in ${folders.join(', ')}${tests}`);
console.log(`${longFiles.length} files over ${maxFile} lines in ${folders.join(', ')}${tests}`);
if (long.length > allowed) {
  console.error(
    `${long.length} functions over ${max} lines, ${allowed} allowed: split the new one (docs/architecture.md)`,
  );
  process.exitCode = 1;
}
if (longFiles.length > allowedFiles) {
  console.error(
    `${longFiles.length} files over ${maxFile} lines, ${allowedFiles} allowed: split the new one by responsibility`,
  );
  process.exitCode = 1;
}
