/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import {
  answersWithBody,
  baseMediaType,
  isErrorResponse,
  isJsonMediaType,
  type Body,
  type OpenApiDocument,
  type Operation,
  type Response,
  isErrorStatus,
} from '../lib/document/document';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import { isObjectBody } from '../lib/errors/error-bodies';
import { defineRule, ruleOptions } from './declaration';

const MESSAGES = {
  htmlPage: 'the error response offers {{mediaType}}{{where}}, a page an agent cannot parse. Remove it, and offer a JSON body with a `code` and a `message`.',
  htmlBesideJson: 'the error response offers {{mediaType}}{{where}}, a page an agent cannot parse. Remove it; its {{json}} body is the one to send.',
  inProduces: ' (in `produces`)',
} as const;

const isHtml = (body: Body) => ['text/html', 'application/xhtml+xml'].includes(baseMediaType(body.mediaType));

/** The bodies an error response offers; in Swagger 2.0 `produces` covers every response, but one without a `schema` has no body. */
function offered(doc: OpenApiDocument, operation: Operation, response: Response): Body[] {
  const bodies = doc.bodies(operation, response);
  return doc.isSwagger2 && bodies[0]?.schema === undefined ? [] : bodies;
}

/**
 * ax-recoverable-no-html-errors: no error response offers an HTML page. A response offering plain text
 * only is ax-recoverable-error-schema's (no JSON body), so that it is reported once.
 */
export default defineRule({
  id: 'ax-recoverable-no-html-errors',
  description: 'No error response offers an HTML page.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'JSON errors',
    scope: 'operations with an error response that has a body',
    fixSite: 'response',
    fix: 'serve the error as JSON, not as an HTML page or plain text only',
  },
  scope: { responses: isErrorStatus, holds: 'body' },
  options: ruleOptions({}),
  messages: MESSAGES,
  lint: ({ doc, operations, say }) => {
    const findings: Finding[] = [];
    const where = doc.isSwagger2 ? say('inProduces') : '';
    for (const operation of operations.filter(answersWithBody)) {
      for (const response of doc.responses(operation).filter(isErrorResponse)) {
        const bodies = offered(doc, operation, response);
        const pages = bodies.filter(isHtml);
        if (pages.length === 0) continue;
        // Beside a JSON body, removing the page is the whole fix (Authentiq's OAuth 2.0 error).
        const json = bodies.find(body => isJsonMediaType(body.mediaType) && isObjectBody(doc, body));
        for (const body of pages) {
          const text =
            json === undefined
              ? say('htmlPage', { mediaType: body.mediaType, where })
              : say('htmlBesideJson', { mediaType: body.mediaType, where, json: json.mediaType });
          findings.push(responseFinding(operation, response, text, [body.location]));
        }
      }
    }
    return findings;
  },
});
