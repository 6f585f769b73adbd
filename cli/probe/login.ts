/**
 * Credentials the way an agent gets them: when the description declares a bearer (or OAuth 2.0 password
 * or client-credentials) scheme and a route that hands out a credential, the probe calls that route first,
 * takes the token from its 2xx body and sends it as `Authorization: Bearer` where the scheme is required.
 */
import { isObject, isSuccessStatus, type JsonObject, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { viewsOf } from '../../lib/document/schema';
import { authenticates } from '../../lib/semantics/scope';

/** The members a token response names its token by (RFC 6749's `access_token` and the common others). */
const TOKEN_MEMBERS = ['access_token', 'accessToken', 'token'];

/** A scheme that takes a bearer token: HTTP `bearer`, or OAuth 2.0 with a password or client-credentials flow (2.0: `application`). */
function takesBearer(scheme: JsonObject): boolean {
  if (scheme.type === 'http') return typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'bearer';
  if (scheme.type !== 'oauth2') return false;
  if (typeof scheme.flow === 'string') return scheme.flow === 'password' || scheme.flow === 'application';
  return isObject(scheme.flows) && (isObject(scheme.flows.password) || isObject(scheme.flows.clientCredentials));
}

/** Whether an operation must be called with a bearer token (its own `security`, else the document's). */
export function needsBearer(doc: OpenApiDocument, operation: Operation): boolean {
  return doc.operationSchemes(operation).some(takesBearer);
}

/** The route an agent logs in with: the first that hands out a credential and needs no bearer token itself, when some operation needs one. */
export function loginOf(doc: OpenApiDocument, operations: readonly Operation[]): Operation | undefined {
  if (!operations.some(operation => needsBearer(doc, operation))) return undefined;
  return operations.find(operation => authenticates(doc, operation) && !needsBearer(doc, operation));
}

/** The members of the 2xx body schemas described as the token (`description: "The bearer token"`), after the usual names. */
function describedTokens(doc: OpenApiDocument, operation: Operation): string[] {
  const responses = doc.responses(operation).filter(response => isSuccessStatus(response.status));
  const views = responses.flatMap(response =>
    doc.jsonBodies(operation, response).flatMap(body => (body.schema === undefined ? [] : (viewsOf(doc, body.schema.value, body.schema.location) ?? []))),
  );
  return views.flatMap(view =>
    [...view.properties]
      .filter(([, property]) => isObject(property.schema) && /\btoken\b/i.test(String(property.schema.description ?? '')))
      .map(([name]) => name),
  );
}

/** The token of a login's 2xx body and where it sits (at the top or in a `data` wrapper); undefined when it holds none or an empty one. */
export function tokenIn(doc: OpenApiDocument, operation: Operation, body: unknown): { value: string; pointer: string } | undefined {
  const names = [...TOKEN_MEMBERS, ...describedTokens(doc, operation)];
  for (const [holder, at] of [
    [body, ''],
    [isObject(body) ? body.data : undefined, '/data'],
  ] as const) {
    if (!isObject(holder)) continue;
    const name = names.find(candidate => typeof holder[candidate] === 'string');
    if (name === undefined) continue;
    const value = holder[name] as string;
    return value.trim() === '' ? undefined : { value, pointer: `${at}/${name}` };
  }
  return undefined;
}

/** Why a login's 2xx answer gave the probe nothing to send. */
export const noToken = (status: number) =>
  `answered ${status} without a token (\`${TOKEN_MEMBERS.join('`, `')}\`), so no operation that needs its bearer token can be tested`;
