/**
 * The fix of a state rejection that lacks its state (the state and refresh-url rules): the members
 * declared, in a schema only the state rejections answer. The state is theirs alone, so a `Problem` that every
 * 400 and 404 answers too is left as it is and the rejections answer `ProblemWithState`, an `allOf` of it and the state.
 */
import type { JsonObject, OpenApiDocument, Operation } from '../document/document';
import { errorSchemas, type ErrorSchema } from '../errors/error-bodies';
import type { Carrier } from '../errors/shape-table';
import type { SchemaNode } from '../errors/schema-shapes';
import { membersEdits, type Audience } from '../findings/edits';
import type { Names } from '../semantics/names';
import type { LazyEdits, OwnSchema } from '../findings/rule-function';
import { isStateRejectionStatus } from '../semantics/scope';
import { stateRejection, type StateField } from './envelope';

/** Each state member as declared: what a message words as "`currentState` (string)", "`refreshUrl` (URL to re-read it)". */
const STATE_SCHEMAS: Record<StateField, JsonObject> = {
  currentState: { type: 'string' },
  allowedActions: { type: 'array', items: { type: 'string' } },
  refreshUrl: { type: 'string', format: 'uri' },
};

/** Every state rejection among the operations' responses: whom the state concerns, and what their own schema is named with. */
export function stateSchema(doc: OpenApiDocument, operations: readonly Operation[], names: Names): OwnSchema {
  const rejections = errorSchemas(doc, operations, isStateRejectionStatus).filter(target => stateRejection(doc, target, names) !== undefined);
  return { label: 'state', regions: [...new Set(rejections.map(target => target.response.at))] };
}

/**
 * The missing members (`name` of each state field, in the body's style) added where the message says: in place when
 * only state rejections answer the schema, else in their own schema (for a member of the body itself; inside a wrapper
 * or a list item, such a schema would need the wrapper's too: a person's).
 */
export function stateEdits(
  doc: OpenApiDocument,
  target: ErrorSchema,
  home: Carrier<SchemaNode>,
  missing: readonly (readonly [StateField, string])[],
  own: OwnSchema,
): LazyEdits {
  return () => {
    const body = doc.jsonBodies(target.operation, target.response).find(candidate => candidate.mediaType === target.mediaType);
    const audience: Audience = home.kind === 'body' && body !== undefined ? { body, at: target.response.at, regions: own.regions } : { regions: own.regions };
    const properties = Object.fromEntries(missing.map(([field, name]) => [name, STATE_SCHEMAS[field]]));
    return membersEdits(doc, home.nodes[0].views, { properties, required: [], audience, label: own.label });
  };
}
