import { headerNamed } from '../lib/document';
import { describeViews, errorSchemas } from '../lib/error-bodies';
import { bodyCarrier, memberNames, schemaAnswer } from '../lib/error-shapes';
import { errorAudience, propertyEdits } from '../lib/edits';
import { inStyleOf, placeOf } from '../lib/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import { RESPONSES } from '../lib/scope';

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
    return errorSchemas(doc, operations, RESPONSES['ax-recoverable-trace-id'])
      .filter(target => headerNamed(doc.headers(target.response), headers) === undefined)
      .flatMap(target =>
        describeViews(target, view => {
          if (schemaAnswer(doc, view, 'correlationId', options) !== undefined) return undefined;
          const home = bodyCarrier(doc, view, options);
          const name = inStyleOf(memberNames(home), names);
          return {
            what: 'has no correlation id',
            fix: `Add \`${name}\` (string)${placeOf(home)} or an \`${headers[0]}\` header, for the agent to quote.`,
            edits: propertyEdits(doc, home.nodes[0].views, name, { type: 'string' }, false, errorAudience(doc)),
          };
        }),
      );
  },
);
