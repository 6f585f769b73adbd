/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { headerNamed, isServerErrorStatus } from '../lib/document/document';
import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { schemaAnswer } from '../lib/errors/schema-shapes';
import { lackingMember } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'correlationId' | 'correlationIdHeader' | 'errorList'>;

// "has no correlation id" and its fix are worded by lib/errors/error-wording.ts's `lackingMember`, with this concept and purpose.
const MESSAGES = {
  correlationIdConcept: 'correlation id',
  correlationIdPurpose: ' or an `{{header}}` header, for the agent to quote.',
} as const;

/**
 * ax-recoverable-trace-id: every 5xx (and default) error carries an id, in its body or a header, to find the
 * failure in the server's logs ("Designing Errors for Agent Recovery").
 */
export default defineRule({
  id: 'ax-recoverable-trace-id',
  description: 'Every 5xx and default error schema declares a correlation id.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'trace id',
    scope: 'operations with a 5xx (or default) error response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'add a correlation id (`trace_id`)',
  },
  scope: { responses: isServerErrorStatus, holds: 'error schema' },
  options: ruleOptions<Options>(nameOptionsSchema('correlationId', 'correlationIdHeader', 'errorList')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say, statuses }) => {
    const names = namesFor(options, 'correlationId');
    const headers = namesFor(options, 'correlationIdHeader');
    const once = judgeOnce();
    return errorSchemas(doc, operations, statuses)
      .filter(target => headerNamed(doc.headers(target.response), headers) === undefined)
      .flatMap(target =>
        describeViews(doc, target, view =>
          once(target, view, [], () => {
            if (schemaAnswer(doc, view, 'correlationId', options) !== undefined) return undefined;
            return lackingMember(doc, target, view, options, {
              question: 'correlationId',
              concept: say('correlationIdConcept'),
              names,
              type: 'string',
              purpose: say('correlationIdPurpose', { header: headers[0] }),
            });
          }),
        ),
      );
  },
});
