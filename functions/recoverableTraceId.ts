import { isServerErrorStatus } from '../lib/document';
import { describeViews, errorProperty, errorSchemas } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';

type Options = NameOptions<'correlationId'>;

/** ax-recoverable-trace-id: every 5xx (and default) error body carries an id to find the failure in the server's logs (seed 004). */
export default ruleFunction<Options>('recoverableTraceId', nameOptionsSchema('correlationId'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'correlationId');
  const problem = {
    what: 'has no correlation id',
    fix: `Add a \`${names[0]}\` (string) that identifies this failure in the server's logs; an agent passes it on when it escalates, instead of a stack trace.`,
  };
  return errorSchemas(doc, operations, isServerErrorStatus).flatMap(target =>
    describeViews(target, view => (errorProperty(doc, view, names) === undefined ? problem : undefined)),
  );
});
