/**
 * When a principle applies to an operation: the scope its rule inspects (lib/scope.ts), with the rule's
 * options as the user's ruleset sets them. An operation outside that scope gets "not applicable" instead
 * of a free pass, so the shares in the report count only operations where the rule had something to check.
 */
import { isErrorStatus, isMutation, isObject, isEnvelopeStatus, type OpenApiDocument, type Operation } from '../lib/document';
import { errorSchemas } from '../lib/error-bodies';
import { stateRejection } from '../lib/envelope';
import { isAxExtension } from '../lib/extensions';
import { namesFor } from '../lib/names';
import { holdersOf, propertiesNamed } from '../lib/nested';
import { EXEMPT_EXTENSION } from '../lib/rule-function';
import { asksIdempotent, asksNextSteps, asksRetryable, RESPONSES, type ScopeOptions } from '../lib/scope';
import { walk } from '../lib/values';

export type Applies = (doc: OpenApiDocument, operation: Operation, options: ScopeOptions) => boolean;

const hasStatus = (doc: OpenApiDocument, operation: Operation, inScope: (status: string) => boolean): boolean =>
  doc.responses(operation).some(response => inScope(response.status));

/** The operation has an error response of the given statuses with a readable JSON schema (what the error-content rules read). */
const hasErrorSchema =
  (inScope: (status: string) => boolean): Applies =>
  (doc, operation) =>
    errorSchemas(doc, [operation], inScope).length > 0;

export const hasErrorResponse: Applies = (doc, operation) => hasStatus(doc, operation, isErrorStatus);
/** The value rules (code format, severity) read the error schemas of every error status. */
export const hasAnyErrorSchema = hasErrorSchema(isErrorStatus);
/** An error schema on a status the rule reads, as lib/scope.ts's RESPONSES declares it for the rule. */
export const hasErrorSchemaFor = (rule: keyof typeof RESPONSES): Applies => hasErrorSchema(RESPONSES[rule]);

export const hasWaitResponse: Applies = (doc, operation) => hasStatus(doc, operation, RESPONSES['ax-recoverable-retry-after']);

export const isRetryableInScope: Applies = (_doc, operation) => asksRetryable(operation);
export const isIdempotentInScope: Applies = asksIdempotent;

/** An error response with any body: its schema and its examples are where a stack trace could leak. */
export const hasErrorBody: Applies = (doc, operation) =>
  doc.responses(operation).some(response => isErrorStatus(response.status) && doc.bodies(operation, response).length > 0);

/** An error response with an example: what the cross-reference rules read (operation ids, field locators, hints). */
export const hasErrorExample: Applies = (doc, operation) =>
  doc.responses(operation).some(response => isErrorStatus(response.status) && doc.bodies(operation, response).some(body => body.examples.length > 0));

/** A success response with a JSON body (204/205 carry no envelope) of a mutation that must send next steps. */
export const hasMutationSuccessBody: Applies = (doc, operation, options) =>
  asksNextSteps(doc, operation, options) &&
  doc.responses(operation).some(response => isEnvelopeStatus(response.status) && doc.jsonBodies(operation, response).some(body => body.schema !== undefined));

/** A response example that hands the agent a `nextSteps` list, whose hrefs the rule resolves. */
export const hasNextStepsExample: Applies = (doc, operation, options) =>
  doc
    .responses(operation)
    .some(response =>
      doc.jsonBodies(operation, response).some(body => body.examples.some(example => holdersOf(example, namesFor(options, 'nextSteps')).length > 0)),
    );

/** An error response of the given statuses that reports a state rejection, as the envelope rules decide it. */
const hasStateRejectionIn =
  (inScope: (status: string) => boolean): Applies =>
  (doc, operation, options) =>
    errorSchemas(doc, [operation], inScope).some(target => stateRejection(doc, target, options) !== undefined);
/** A 409 or 422 state rejection: ax-envelope-state's scope. */
export const hasStateRejection = hasStateRejectionIn(RESPONSES['ax-envelope-state']);
/** A 422 state rejection: ax-envelope-refresh-url's scope (a validation 422 is not held to a refresh url). */
export const hasUnprocessableStateRejection = hasStateRejectionIn(RESPONSES['ax-envelope-refresh-url']);

export const isMutationOperation: Applies = (_doc, operation) => isMutation(operation);

/** A JSON response schema that declares `nextSteps` (at any depth the rule looks), whose shape the rule checks. */
export const declaresNextSteps: Applies = (doc, operation, options) =>
  doc
    .responses(operation)
    .some(response =>
      doc
        .jsonBodies(operation, response)
        .some(body => body.schema !== undefined && propertiesNamed(doc, body.schema.value, body.schema.location, namesFor(options, 'nextSteps')).length > 0),
    );

/** A response example that carries `nextActions`, which must not be empty without `nextSteps`. */
export const hasNextActionsExample: Applies = (doc, operation, options) =>
  doc
    .responses(operation)
    .some(response =>
      doc.jsonBodies(operation, response).some(body => body.examples.some(example => holdersOf(example, namesFor(options, 'nextActions')).length > 0)),
    );

/** The operation lists its error codes (`x-agent-error-codes`). */
export const hasErrorCatalog: Applies = (_doc, operation) => operation.node['x-agent-error-codes'] !== undefined;

/** An `x-ax-*` key anywhere in the operation as written. */
export const usesAxExtension: Applies = (_doc, operation) => {
  let found = false;
  walk(operation.node, value => {
    found ||= isObject(value) && Object.keys(value).some(isAxExtension);
    return !found;
  });
  return found;
};

/** The operation declares `x-ax-exempt` (a path item's entries are checked where they sit, outside its operations). */
export const declaresExemption: Applies = (_doc, operation) => operation.node[EXEMPT_EXTENSION] !== undefined;
