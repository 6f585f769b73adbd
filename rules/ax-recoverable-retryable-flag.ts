/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { describeViews, errorSchemas, judgeOnce, type ErrorSchema } from '../lib/errors/error-bodies';
import { schemaAnswer } from '../lib/errors/schema-shapes';
import { lackingMember } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { propertyTypes, type ObjectView } from '../lib/document/schema';
import { isErrorStatus } from '../lib/document/document';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'retryFlag' | 'errorList'>;

// "has no retry flag" and its fix are worded by lib/errors/error-wording.ts's `lackingMember`, with this concept and purpose.
const MESSAGES = {
  retryFlagConcept: 'retry flag',
  retryFlagPurpose: ', true when the same call may succeed later.',
  notABoolean: 'declares the retry flag `{{name}}` as {{types}}',
  makeItBoolean: 'Make it a boolean: an agent branches on true or false.',
} as const;

/**
 * ax-recoverable-retryable-flag: every error body says whether the same call may simply be retried (Geodocs'
 * "Agent Error Handling Documentation Specification"; "Designing Errors for Agent Recovery").
 */
export default defineRule({
  id: 'ax-recoverable-retryable-flag',
  description: 'Every error schema declares a boolean retry flag.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'retry flag',
    scope: 'operations with an error response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'add a boolean retry flag (`retryable`)',
  },
  scope: { responses: isErrorStatus, holds: 'error schema' },
  options: ruleOptions<Options>(nameOptionsSchema('retryFlag', 'errorList')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say, statuses }) => {
    const names = namesFor(options, 'retryFlag');

    const problemOf = (target: ErrorSchema, view: ObjectView) => {
      const flag = schemaAnswer(doc, view, 'retryFlag', options);
      if (flag === undefined)
        return lackingMember(doc, target, view, options, {
          question: 'retryFlag',
          concept: say('retryFlagConcept'),
          names,
          type: 'boolean',
          purpose: say('retryFlagPurpose'),
        });
      // An untyped flag is not declared wrong; only a declared type that cannot hold true/false is.
      const types = flag.node.property === undefined ? undefined : propertyTypes(doc, flag.node.property);
      if (types === undefined || types.length === 0 || types.includes('boolean')) return undefined;
      return { what: say('notABoolean', { name: flag.name, types: types.join(', ') }), fix: say('makeItBoolean') };
    };

    const once = judgeOnce();
    return errorSchemas(doc, operations, statuses).flatMap(target => describeViews(doc, target, view => once(target, view, [], () => problemOf(target, view))));
  },
});
