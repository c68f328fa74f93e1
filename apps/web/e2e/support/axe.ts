import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';
import { animationsSettled } from './fixtures';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The axe-core that @axe-core/playwright brings (its own version), as a script for the page. */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = (fromAxePlaywright('axe-core') as { source: string }).source;

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * The serious and critical violations on the page as it stands, named by `where`; with `within`, only inside
 * that part (a modal dialog: the page behind its mask is checked on its own, unmasked).
 *
 * axe runs in the page itself (`axe.run`), put there once per document: the app moves between screens without a page
 * load, so a walk of a role's screens loads it once. @axe-core/playwright's `analyze()` evaluated axe's 500 KB twice per
 * call and opened a blank tab to merge its results; the rules, tags and result are the same (issue 43). The app has
 * no frames for axe to enter.
 */
export async function audit(page: Page, where: string, within?: string): Promise<Finding[]> {
  // Motion settles first, in the part audited: a drawer sliding in is measured where it stops.
  await animationsSettled(page, 2_000, within);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Only violations are reported: axe then makes no selectors for the passing nodes, most of its time on a big page.
  const options: RunOptions = { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] };
  const result = await page.evaluate(
    ({ scope, options }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: RunOptions) => Promise<AxeResults> } }).axe;
      return axe.run(scope ? { include: [scope], exclude: [] } : document, options);
    },
    { scope: within ?? null, options },
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, impact: v.impact!, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

export const report = (findings: Finding[]) =>
  findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) at ${f.nodes.join(' | ')}`).join('\n');
