import { headerNamed } from '../lib/document/document';
import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { schemaAnswer } from '../lib/errors/error-shapes';
import { lackingMember } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { ruleFunction } from '../lib/rules/rule-function';
import { RESPONSES } from '../lib/rules/scope';

type Options = NameOptions<'correlationId' | 'correlationIdHeader' | 'errorList'>;

/**
 * ax-recoverable-trace-id: every 5xx (and default) error carries an id, in its body or a header, to find the
 * failure in the server's logs ("Designing Errors for Agent Recovery").
 */
export default ruleFunction<Options>(
  'recoverableTraceId',
  nameOptionsSchema('correlationId', 'correlationIdHeader', 'errorList'),
  ({ doc, options, operations }) => {
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
              concept: 'correlation id',
              names,
              type: 'string',
              purpose: ` or an \`${headers[0]}\` header, for the agent to quote.`,
            });
          }),
        ),
      );
  },
);
