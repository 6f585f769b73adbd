import { isErrorStatus, type Body, type OpenApiDocument, type Operation, type Response } from '../lib/document';
import { label, placeIn, ruleFunction, type Finding } from '../lib/rule-function';

type Options = { allowPlainText?: boolean };

const baseType = (mediaType: string) => mediaType.split(';')[0].trim().toLowerCase();
const isHtml = (body: Body) => ['text/html', 'application/xhtml+xml'].includes(baseType(body.mediaType));
const isPlainText = (body: Body) => baseType(body.mediaType) === 'text/plain';
const FIX = 'an `application/json` or `application/problem+json` body with a machine-readable `code` and a `message`';

/** The bodies an error response offers; in Swagger 2.0 `produces` covers every response, but one without a `schema` has no body. */
function offered(doc: OpenApiDocument, operation: Operation, response: Response): Body[] {
  const bodies = doc.bodies(operation, response);
  return doc.isSwagger2 && bodies[0]?.schema === undefined ? [] : bodies;
}

/** ax-recoverable-no-html-errors: no error response offers an HTML page, and none offers plain text only. */
export default ruleFunction<Options>('recoverableNoHtmlErrors', { allowPlainText: { type: 'boolean' } }, ({ doc, options, operations }) => {
  const findings: Finding[] = [];
  const where = doc.isSwagger2 ? ' (in `produces`)' : '';
  for (const operation of operations) {
    for (const response of doc.responses(operation).filter(response => isErrorStatus(response.status))) {
      const bodies = offered(doc, operation, response);
      for (const body of bodies.filter(isHtml)) {
        findings.push({
          message: `${label(operation, response)}: the error response offers ${body.mediaType}${where}, an HTML page an agent cannot parse. Remove it and offer ${FIX}.`,
          path: placeIn(response, body.location),
        });
      }
      if (!options.allowPlainText && bodies.length > 0 && bodies.every(isPlainText)) {
        findings.push({
          message: `${label(operation, response)}: the error response offers only text/plain${where}, free text an agent can only guess at. Offer ${FIX} (text/plain may stay beside it).`,
          path: placeIn(response, bodies[0].location),
        });
      }
    }
  }
  return findings;
});
