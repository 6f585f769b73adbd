/**
 * How findings word an error body's advice: the places (lib/error-shapes.ts finds them; this module words
 * them: "the `error` object", "to the `detail[]` items"), a member name in the body's own style, and the
 * example code and hint that fit the response's status and the operation's real security.
 */
import type { OpenApiDocument, Operation } from './document';
import type { Carrier } from './error-shapes';
import { authenticates } from './scope';

/** "the `error` object", "the `detail[]` items", "the schema": a carrier as messages name it. */
export function carrierName(carrier: Carrier<unknown>): string {
  if (carrier.kind === 'body') return 'the schema';
  return carrier.kind === 'wrapper' ? `the ${carrier.where} object` : `the ${carrier.where}`;
}

/** " to the `error` object", " to the `detail[]` items", "" for the body: where a fix adds a member. */
export const placeOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` to ${carrierName(carrier)}`);

/** " in its `error` object", "" for the body: where a finding saw a member. */
export const insideOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` in ${carrierName(carrier).replace(/^the /, 'its ')}`);

/** The alias of `names` written in the style the body already uses (camelCase, snake_case, PascalCase); the first alias otherwise. */
export function inStyleOf(existing: readonly string[], names: readonly string[]): string {
  const snake = existing.some(name => /[a-z]_[a-z]/.test(name));
  const camel = existing.some(name => /[a-z][A-Z]/.test(name));
  // .NET serializers capitalize every member (`ErrorCode`, `Message`); names match without regard to case, so the fix still clears.
  const pascal = existing.length > 0 && existing.every(name => /^[A-Z][a-z]/.test(name));
  const fits = (name: string) => (snake && !camel ? !/[a-z][A-Z]/.test(name) : camel && !snake ? !name.includes('_') : true);
  const chosen = names.find(name => !name.includes('.') && fits(name)) ?? names[0];
  return pascal ? chosen[0].toUpperCase() + chosen.slice(1) : chosen;
}

/** An example code that fits the status: a 401 is no validation error. */
export function exampleCode(status: string): string {
  const codes: Record<string, string> = {
    '400': 'VALIDATION_ERROR',
    '401': 'UNAUTHENTICATED',
    '402': 'PAYMENT_REQUIRED',
    '403': 'FORBIDDEN',
    '404': 'NOT_FOUND',
    '405': 'METHOD_NOT_ALLOWED',
    '406': 'NOT_ACCEPTABLE',
    '408': 'REQUEST_TIMEOUT',
    '409': 'CONFLICT',
    '410': 'GONE',
    '412': 'PRECONDITION_FAILED',
    '413': 'PAYLOAD_TOO_LARGE',
    '415': 'UNSUPPORTED_MEDIA_TYPE',
    '422': 'VALIDATION_ERROR',
    '429': 'RATE_LIMITED',
    '501': 'NOT_IMPLEMENTED',
    '502': 'BAD_GATEWAY',
    '503': 'SERVICE_UNAVAILABLE',
    '504': 'GATEWAY_TIMEOUT',
  };
  return codes[status] ?? (/^5/.test(status) ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
}

/**
 * What a 401's hint should tell the agent to send, from the operation's own security: client credentials
 * on a token endpoint, the API key's real name and place, a bearer or Basic credential, an OAuth access
 * token; "valid credentials" where the description declares none.
 */
export function credentialsHint(doc: OpenApiDocument, operation: Operation): string {
  if (authenticates(doc, operation)) return 'Send valid client credentials, then retry';
  const [scheme] = doc.operationSchemes(operation);
  if (scheme === undefined) return 'Send valid credentials, then retry';
  if (scheme.type === 'apiKey' && typeof scheme.name === 'string')
    return `Send a valid API key in the \`${scheme.name}\` ${scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header'}`;
  if (scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'basic') return 'Send valid Basic credentials';
  if (scheme.type === 'basic') return 'Send valid Basic credentials';
  if (scheme.type === 'http') return 'Send a valid Bearer token';
  return 'Send a valid OAuth 2.0 access token';
}
