import { headerNamed } from '../lib/document/document';
import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { schemaAnswer } from '../lib/errors/error-shapes';
import { lackingMember } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { ruleFunction } from '../lib/rules/rule-function';
import { RESPONSES } from '../lib/rules/scope';

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
export default ruleFunction<Options, typeof MESSAGES>(
  'recoverableTraceId',
  nameOptionsSchema('correlationId', 'correlationIdHeader', 'errorList'),
  MESSAGES,
  ({ doc, options, operations, say }) => {
    const names = namesFor(options, 'correlationId');
    const headers = namesFor(options, 'correlationIdHeader');
    const once = judgeOnce();
    return errorSchemas(doc, operations, RESPONSES['ax-recoverable-trace-id'])
      .filter(target => headerNamed(doc.headers(target.response), headers) === undefined)
      .flatMap(target =>
        describeViews(target, view =>
          once(target, view, [], () => {
            if (schemaAnswer(doc, view, 'correlationId', options) !== undefined) return undefined;
            return lackingMember(doc, view, options, {
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
);
