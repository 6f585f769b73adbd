/**
 * spectral-agent-ux: can an LLM agent use this API correctly on the first try, and recover by itself
 * when a call fails? The Spectral ruleset, read off the rule declarations (rules/index.ts); each check
 * lives in functions/.
 */
import { oas2, oas3 } from '@stoplight/spectral-formats';
import type { Format, RulesetDefinition } from '@stoplight/spectral-core';
import { RELEASE_URL } from './lib/rules/catalogue';
import { DECLARATIONS, type RuleDeclaration, type RuleFunction, type Severity } from './rules';

/** One rule as Spectral reads it. The published type names no declaration: users see a Spectral ruleset. */
interface SpectralRule {
  description: string;
  message: string;
  documentationUrl: string;
  severity: Severity;
  recommended: boolean;
  formats: Format[];
  given: string;
  resolved: boolean;
  then: { function: RuleFunction };
}

/**
 * One declaration as a Spectral rule. Every rule reads the document as written (`resolved: false`): the
 * shared module follows `$ref`s itself, which costs nothing next to a walk of the resolved graph, and
 * places each result inside the operation it concerns.
 */
const spectralRule = (declaration: RuleDeclaration): SpectralRule => ({
  description: declaration.description,
  message: '{{error}}',
  documentationUrl: declaration.documentationUrl,
  severity: declaration.severity,
  recommended: declaration.recommended,
  formats: [oas2, oas3],
  given: '$',
  resolved: false,
  then: { function: declaration.function },
});

const ruleset = {
  documentationUrl: `${RELEASE_URL}README.md`,
  rules: Object.fromEntries(DECLARATIONS.map(declaration => [declaration.id, spectralRule(declaration)])),
} satisfies RulesetDefinition;

export default ruleset;
