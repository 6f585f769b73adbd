/**
 * spectral-agent-ux: can an LLM agent use this API correctly on the first try, and recover by itself
 * when a call fails? The Spectral ruleset, read off the rule declarations (rules/index.ts): each rule, its
 * check with it, lives in rules/<id>.ts, and its Spectral function is built here.
 */
import { oas2, oas3 } from '@stoplight/spectral-formats';
import type { Format, RulesetDefinition } from '@stoplight/spectral-core';
import { RELEASE_URL } from './lib/findings/catalogue';
import type { RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import type { Messages } from './lib/findings/messages';
import { ruleFunction } from './lib/findings/rule-function';
import { DECLARATIONS, type FunctionName, type RuleDeclaration, type Severity } from './rules';

/** A rule's Spectral function, as lib/findings/rule-function.ts's frame builds it, with the options it reads and its messages. */
type RuleFunction = RulesetFunctionWithValidator<unknown, object> & { optionNames: readonly string[]; messages: Messages };

/** The Spectral function of one rule: its check in the one frame, handed the statuses its scope reads. */
const spectralFunction = ({ functionName, options, messages, scope, lint }: RuleDeclaration): RuleFunction =>
  ruleFunction({ name: functionName, options, messages, statuses: scope.responses, lint });

type Declaration = (typeof DECLARATIONS)[number];

/**
 * Each rule's function by its name: what the package ships as dist/functions/<name> for a YAML ruleset's
 * `functionsDir` (scripts/package.mjs), the same function objects the ruleset runs.
 */
export const FUNCTIONS = Object.fromEntries(DECLARATIONS.map(declaration => [declaration.functionName, spectralFunction(declaration)])) as {
  [Name in FunctionName<Declaration['id']>]: RuleFunction;
};

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
  then: { function: FUNCTIONS[declaration.functionName] },
});

const ruleset = {
  documentationUrl: `${RELEASE_URL}README.md`,
  rules: Object.fromEntries(DECLARATIONS.map(declaration => [declaration.id, spectralRule(declaration)])),
} satisfies RulesetDefinition;

export default ruleset;
