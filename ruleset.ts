/**
 * spectral-agent-ux: can an LLM agent use this API correctly on the first try, and recover by itself
 * when a call fails? The table of contents: one entry per rule; each check lives in functions/.
 */
import { oas2, oas3 } from '@stoplight/spectral-formats';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import envelopeNextSteps from './functions/envelopeNextSteps';
import recoverableErrorSchema from './functions/recoverableErrorSchema';

const DOCS_BASE = 'https://github.com/spectral-agent-ux/spectral-agent-ux/blob/main/docs/rules/';

type RuleFunction = typeof envelopeNextSteps;

/**
 * Every rule reads the document as written (`resolved: false`): the shared module follows `$ref`s
 * itself, which costs nothing next to a walk of the resolved graph, and places each result inside
 * the operation it concerns.
 */
function rule(id: string, description: string, severity: 'error' | 'warn' | 'info', fn: RuleFunction, recommended = true) {
  return {
    [id]: {
      description,
      message: '{{error}}',
      documentationUrl: `${DOCS_BASE}${id}.md`,
      severity,
      recommended,
      formats: [oas2, oas3],
      given: '$',
      resolved: false,
      then: { function: fn },
    },
  };
}

const ruleset = {
  documentationUrl: 'https://github.com/spectral-agent-ux/spectral-agent-ux#readme',
  rules: {
    // The agent-UX envelope (seeds 000, 001)
    ...rule('ax-envelope-next-steps', 'Every 2xx response of a mutation declares `nextSteps`, the next legal calls.', 'error', envelopeNextSteps),
    // Recoverable errors (seed 002, with 003 and 004)
    ...rule('ax-recoverable-error-schema', 'Every error response declares a JSON body with an object schema.', 'error', recoverableErrorSchema),
  },
} satisfies RulesetDefinition;

export default ruleset;
