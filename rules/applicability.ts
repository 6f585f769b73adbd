/**
 * When a principle applies to an operation: the scope its rule inspects, declared as data beside the rule
 * (rules/<id>.ts) and answered here with lib/semantics/scope.ts's questions and the rule's options as the user's
 * ruleset sets them. An operation outside that scope gets "not applicable" instead of a free pass, so the
 * shares in the report count only operations where the rule had something to check.
 */
import { isMutation, isObject, type OpenApiDocument, type Operation, type Response } from '../lib/document/document';
import { errorSchemas } from '../lib/errors/error-bodies';
import { stateRejection } from '../lib/envelope/envelope';
import { isAxExtension } from '../lib/findings/extensions';
import { namesFor, type Concept } from '../lib/semantics/names';
import { holdersOf, propertiesNamed } from '../lib/document/nested';
import { asksRetryable, type ScopeOptions } from '../lib/semantics/scope';
import { walk } from '../lib/document/values';

export type Applies = (doc: OpenApiDocument, operation: Operation, options: ScopeOptions) => boolean;

/** What a response in scope must hold for the rule to have something to read. */
export type Holding =
  /** the response itself */
  | 'response'
  /** a body of any media type (its schema and examples) */
  | 'body'
  /** a body with an example */
  | 'example'
  /** a readable error schema, as the error-content rules read it */
  | 'error schema'
  /** a JSON body with a schema */
  | 'JSON schema'
  /** an error schema that reports a state rejection, as the envelope rules decide it */
  | 'state rejection'
  /** a JSON schema with a property, or a JSON example with a member, of the concept's names (at any depth the rule looks) */
  | { concept: Concept; in: 'schema' | 'example' };

/** A rule's scope as data: which operations, which of their responses, holding what. */
export interface Scope {
  /** The operations the rule asks anything of (a question of lib/semantics/scope.ts, or an extension they declare); every operation when absent. */
  operations?: Applies;
  /** The responses it reads, by status; every status when absent. */
  responses?: (status: string) => boolean;
  /** What one of them must hold; when absent, the rule reads the operation, not its responses. */
  holds?: Holding;
  /** What else the rule reads (ax-recoverable-retry-after: its 429s and 503s, or any error example that says retryable): either part puts the operation in scope. */
  or?: Scope;
}

/** lib/semantics/scope.ts's and lib/document/document.ts's questions about one operation, as scopes take them. */
export const retryableAsked: Applies = (_doc, operation) => asksRetryable(operation);
export const mutations: Applies = (_doc, operation) => isMutation(operation);

/** The operation declares the extension (a path item's entries are checked where they sit, outside its operations). */
export const declaring =
  (extension: string): Applies =>
  (_doc, operation) =>
    operation.node[extension] !== undefined;

/** An `x-ax-*` key anywhere in the operation as written (none where the text never says `x-ax-`, as the rule skips its walk then). */
export const usingAxExtensions: Applies = (doc, operation) => {
  if (!doc.mayMention(['x-ax-'])) return false;
  let found = false;
  walk(operation.node, value => {
    found ||= isObject(value) && Object.keys(value).some(isAxExtension);
    return !found;
  });
  return found;
};

/** What one response can hold by itself (error schemas are read across the operation's responses). */
type ResponseHolding = Exclude<Holding, 'error schema' | 'state rejection'>;

/** Whether one response holds what the rule reads. */
function responseHolds(doc: OpenApiDocument, operation: Operation, response: Response, holding: ResponseHolding, options: ScopeOptions): boolean {
  if (holding === 'response') return true;
  if (holding === 'body') return doc.bodies(operation, response).length > 0;
  if (holding === 'example') return doc.bodies(operation, response).some(body => body.examples.length > 0);
  const bodies = doc.jsonBodies(operation, response);
  if (holding === 'JSON schema') return bodies.some(body => body.schema !== undefined);
  const names = namesFor(options, holding.concept);
  return holding.in === 'schema'
    ? bodies.some(body => body.schema !== undefined && propertiesNamed(doc, body.schema.value, body.schema.location, names).length > 0)
    : bodies.some(body => body.examples.some(example => holdersOf(example, names).length > 0));
}

/** The predicate a scope declares: what the report's scorecard asks of each operation. */
export function appliesWithin({ or, ...scope }: Scope): Applies {
  const part = partApplies(scope);
  if (or === undefined) return part;
  const other = appliesWithin(or);
  return (doc, operation, options) => part(doc, operation, options) || other(doc, operation, options);
}

/** The predicate of one part of a scope. */
function partApplies({ operations, responses = () => true, holds }: Omit<Scope, 'or'>): Applies {
  return (doc, operation, options) => {
    if (operations !== undefined && !operations(doc, operation, options)) return false;
    if (holds === undefined) return true;
    // The error-content rules read error schemas through one reader, which gathers them across the operation's responses.
    if (holds === 'error schema') return errorSchemas(doc, [operation], responses).length > 0;
    if (holds === 'state rejection') return errorSchemas(doc, [operation], responses).some(target => stateRejection(doc, target, options) !== undefined);
    // A description whose text never says the concept's names holds none of them (its rule skips the search so too).
    if (typeof holds === 'object' && !doc.mayMention(namesFor(options, holds.concept))) return false;
    return doc.responses(operation).some(response => responses(response.status) && responseHolds(doc, operation, response, holds, options));
  };
}
