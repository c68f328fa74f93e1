import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsSettled } from './fixtures';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * The serious and critical violations on the page as it stands, named by `where`; with `within`, only inside
 * that part (a modal dialog: the page behind its mask is checked on its own, unmasked).
 */
export async function audit(page: Page, where: string, within?: string): Promise<Finding[]> {
  // Motion settles first, in the part audited: a drawer sliding in is measured where it stops.
  await animationsSettled(page, 2_000, within);
  // Only violations are reported: axe then makes no selectors for the passing nodes, most of its time on a big page.
  const builder = new AxeBuilder({ page }).withTags(wcagTags).options({ resultTypes: ['violations'] });
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, impact: v.impact!, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

export const report = (findings: Finding[]) =>
  findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) at ${f.nodes.join(' | ')}`).join('\n');
