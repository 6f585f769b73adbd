import { headerNamed } from '../lib/document/document';
import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { bodyCarrier, schemaAnswer, schemaLikely } from '../lib/errors/error-shapes';
import { errorAudience, propertyEdits } from '../lib/rules/edits';
import { askAbout, newMemberName, placeOf } from '../lib/errors/error-wording';
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
            const home = bodyCarrier(doc, view, options);
            const name = newMemberName(doc, home.nodes[0].views, names);
            const add = `add \`${name}\` (string)${placeOf(home)} or an \`${headers[0]}\` header, for the agent to quote.`;
            const likely = schemaLikely(doc, view, 'correlationId', options);
            if (likely !== undefined) {
              const ask = askAbout(likely, 'correlation id');
              return { what: ask.what, fix: `${ask.fix} ${add}` };
            }
            return {
              what: 'has no correlation id',
              fix: `A${add.slice(1)}`,
              edits: () => propertyEdits(doc, home.nodes[0].views, name, { type: 'string' }, false, errorAudience(doc)),
            };
          }),
        ),
      );
  },
);
