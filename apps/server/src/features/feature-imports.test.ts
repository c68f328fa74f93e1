import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const features = path.dirname(fileURLToPath(import.meta.url));

/** Which features each feature's code (tests aside) imports, from its `../<feature>/` and `../<feature>` imports. */
function featureImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const feature of readdirSync(features, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.ts$|test-kit\.ts$/.test(entry.name)) {
          for (const [, other] of readFileSync(file, 'utf8').matchAll(/from '\.\.\/([a-z-]+)[/']/g))
            imported.add(other!);
        }
      }
    };
    walk(path.join(features, feature.name));
    imported.delete(feature.name);
    edges.set(feature.name, imported);
  }
  return edges;
}

/**
 * The rooms of the house (issue 42): no two features import each other. Auth and the second factor, and auth and the
 * sessions, did: the sessions' queries now live in `sessions/repository.ts`, the rate limits in `lib/rate-limit.ts`
 * and text mails in `lib/mail-text.ts`, so each dependency goes one way.
 */
describe("the features' imports", () => {
  it('have no two features importing each other', () => {
    const edges = featureImports();
    const mutual = [...edges].flatMap(([feature, imported]) =>
      [...imported]
        .filter((other) => feature < other && edges.get(other)?.has(feature))
        .map((o) => `${feature} <-> ${o}`),
    );
    expect(mutual).toEqual([]);
  });
});
