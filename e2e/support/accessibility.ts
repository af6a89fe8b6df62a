import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The impacts issue 12 §4 allows none of. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The theme screen's preview shows the member site in the colours the owner picked, as picked (the
 * spec's default teal is 3.4:1 on white): it is the owner's choice on display, not the console's text.
 */
const NOT_CONSOLE_TEXT = ['[data-testid="theme-preview"]'];

/** Transitions off: a colour caught half-way through one is not the colour anyone reads. */
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules) on the page as it is now and returns its serious and
 * critical violations, each with the screen it was found on and the elements concerned.
 */
export async function seriousViolations(page: Page, where: string): Promise<AxeFinding[]> {
  // A page with its own strict policy (the OAuth consent page: styles by nonce only) refuses the tag;
  // it has no transitions to stop.
  await page.addStyleTag({ content: NO_TRANSITIONS }).catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of NOT_CONSOLE_TEXT) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/** One line per finding, for an assertion message a person can act on. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.where}: ${f.impact} ${f.rule} — ${f.targets.join(', ')}`).join('\n');
}
