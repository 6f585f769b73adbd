import { isEnvelopeStatus, isMutation, type Operation } from '../lib/document';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { label, placeIn, ruleFunction, type Finding } from '../lib/rule-function';
import { viewsLacking, viewsOf } from '../lib/schema';

type Options = NameOptions<'nextSteps'> & { prefixes?: string[] };

function inScope(operation: Operation, prefixes: string[] | undefined): boolean {
  return isMutation(operation) && (prefixes === undefined || prefixes.some(prefix => operation.path.startsWith(prefix)));
}

/** ax-envelope-next-steps: every 2xx body of a mutation tells the agent its next legal calls. */
export default ruleFunction<Options>(
  'envelopeNextSteps',
  { ...nameOptionsSchema('nextSteps'), prefixes: { type: 'array', items: { type: 'string' } } },
  ({ doc, options, operations }) => {
    const names = namesFor(options, 'nextSteps');
    const findings: Finding[] = [];
    for (const operation of operations.filter(op => inScope(op, options.prefixes))) {
      for (const response of doc.responses(operation)) {
        if (!isEnvelopeStatus(response.status)) continue;
        for (const body of doc.jsonBodies(operation, response)) {
          if (body.schema === undefined) continue;
          const views = viewsOf(doc, body.schema.value, body.schema.location);
          const lacking = viewsLacking(doc, views, names).length;
          if (lacking === 0) continue;
          const where = views!.length > 1 ? `${lacking} of the ${views!.length} oneOf/anyOf shapes of the response schema do` : 'the response schema does';
          findings.push({
            message: `${label(operation, response)}: ${where} not declare \`${names[0]}\`, so an agent cannot tell which call comes next. Add \`${names[0]}\` (an array of { action, method, href, description }) to the ${body.mediaType} schema${views!.length > 1 ? ', in every branch' : ''}.`,
            path: placeIn(response, body.schema.location),
          });
        }
      }
    }
    return findings;
  },
);
