import { describeViews, errorProperty, errorSchemas } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';

type Options = NameOptions<'refreshUrl'>;

/** ax-envelope-refresh-url: every 422 tells the agent where to re-read the state that rejected its call. */
export default ruleFunction<Options>('envelopeRefreshUrl', nameOptionsSchema('refreshUrl'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'refreshUrl');
  return errorSchemas(doc, operations, status => status === '422').flatMap(target =>
    describeViews(target, view =>
      errorProperty(doc, view, names) !== undefined
        ? undefined
        : {
            what: `does not declare \`${names[0]}\``,
            fix: `After a rejected change the agent must re-read fresh state before it retries, and needs to know where. Add \`${names[0]}\` (type string: the URL to GET, e.g. the resource or its subresource that owns the state).`,
          },
    ),
  );
});
