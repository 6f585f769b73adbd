/**
 * Verdicts on the agent-UX envelope of a JSON value, computed once for the lint rules (on examples)
 * and the runtime guard (on live bodies); each words them its own way.
 */
import { child, isObject, type Located, type OpenApiDocument } from '../document/document';
import type { ErrorSchema } from '../errors/error-bodies';
import { type Question } from '../errors/shape-table';
import { schemaAnswer } from '../errors/schema-shapes';
import { describesExistenceConflict } from '../errors/concepts';
import { namesFor, type Names } from '../semantics/names';
import { holdersOf, type Holder } from '../document/nested';
import { changesState, stateChange, type StateChange } from '../semantics/scope';

/** The verbs an agent's HTTP client sends for a step: TRACE, CONNECT and QUERY are no step's, in a schema's enum or a live body. */
const SENDABLE_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** The verbs messages and fixes name (HEAD and OPTIONS are accepted, not proposed). */
export const STEP_METHODS = SENDABLE_METHODS.slice(0, 5);
/** A step's method an agent can send, in any letter case: the one test of ax-envelope-next-steps-shape's lint and guard. */
export const isStepMethod = (value: unknown): boolean => typeof value === 'string' && SENDABLE_METHODS.includes(value.toUpperCase());

/** One step of a `nextSteps` list that carries an href. */
export interface StepHref {
  href: string;
  /** The step's method as sent (anything: the href verdict judges it). */
  method: unknown;
  /** The step itself, and the href's own location. */
  step: Located;
  at: Located;
}

/** Every step with a non-empty string href, in every `nextSteps` list of the value (its `holders`, when the caller has them: the guard walks a body once). */
export function stepHrefs(value: Located, names: Names, holders: readonly Holder[] = holdersOf(value, namesFor(names, 'nextSteps'))): StepHref[] {
  const [, methodName, hrefName] = namesFor(names, 'nextStepItem');
  if (hrefName === undefined) return [];
  return holders.flatMap(({ value: list }) =>
    (Array.isArray(list.value) ? list.value : []).flatMap((step, i) => {
      const href = isObject(step) ? step[hrefName] : undefined;
      if (typeof href !== 'string' || href === '') return [];
      const location = child(list.location, i);
      return [
        {
          href,
          method: methodName === undefined ? undefined : (step as Record<string, unknown>)[methodName],
          step: { value: step, location },
          at: { value: href, location: child(location, hrefName) },
        },
      ];
    }),
  );
}

/** An empty `nextActions` list with no non-empty `nextSteps` beside it: the agent is told it is stuck (AGLedger's finding F-456). */
export interface StuckActions {
  key: string;
  value: Located;
  /** Whether a `nextSteps` list sits beside it, empty, or none does. */
  steps: 'none' | 'empty';
}

export function stuckActions(value: Located, names: Names): StuckActions[] {
  const stepNames = namesFor(names, 'nextSteps');
  return holdersOf(value, namesFor(names, 'nextActions')).flatMap(({ holder, key, value: actions }) => {
    if (!Array.isArray(actions.value) || actions.value.length > 0) return [];
    const steps = stepNames.map(name => holder.value[name]).find(Array.isArray);
    if (steps !== undefined && steps.length > 0) return [];
    return [{ key, value: actions, steps: steps === undefined ? 'none' : 'empty' }];
  });
}

/**
 * Why a 409/422 reports a state-machine rejection, as data for the messages to word: the state change the
 * operation makes by structure (an action on one item, a PATCH of its status), a state member the error
 * schema declares, and the description's words as support only.
 */
export interface StateRejection {
  change?: StateChange;
  member?: string;
  phrase?: string;
}

/** What a state rejection hands the agent, in this order: the state, the legal moves, and where to re-read them. */
export const STATE_FIELDS = ['currentState', 'allowedActions', 'refreshUrl'] as const satisfies readonly Question[];
export type StateField = (typeof STATE_FIELDS)[number];
/** The fields that show a state rejection where a body or schema carries one: a refresh url alone does not. */
export const STATE_MEMBERS = ['currentState', 'allowedActions'] as const satisfies readonly StateField[];

/**
 * Description phrases that support a state rejection. Deliberately narrow: a bare "state" or "status" also
 * names a US state or an HTTP status, so each phrase needs a qualifier.
 */
const STATE_PHRASES = [
  /\btransition(s|ed)?\b/i,
  /\bstate machine\b/i,
  /\b(current|wrong|illegal|unexpected|required|terminal) (state|status)\b/i,
  /\bin (the |its |a )?['"`]?[\w-]+['"`]? (state|status)\b/i,
];

/** A conflict of existence, not of state: "already exists", "already has a keypair", "duplicate". */
/**
 * The evidence that a 409/422 error schema reports a state rejection, or undefined. Never on an operation
 * that changes nothing (a GET, a search sent as a POST). A declared state member is the API's own word; else
 * the operation must change a resource's state by structure, and then the 409 of a POST action or of a
 * status change is that state's conflict whatever the description says ("Default Response" too), while a
 * 422 (usually a validation failure) or a PUT on an item's sub-path needs the description's word as well. A shared response's prose alone never decides.
 */
export function stateRejection(doc: OpenApiDocument, target: ErrorSchema, names: Names): StateRejection | undefined {
  const { operation, response } = target;
  if (!changesState(doc, operation, names)) return undefined;
  const change = stateChange(doc, operation, names);
  const member = target.views.flatMap(view => STATE_MEMBERS.map(concept => schemaAnswer(doc, view, concept, names))).find(found => found !== undefined)?.name;
  const { description } = response.node;
  const phrase = STATE_PHRASES.map(pattern => (typeof description === 'string' ? pattern.exec(description)?.[0] : undefined)).find(
    found => found !== undefined,
  );
  const evidence: StateRejection = { ...(change && { change }), ...(member !== undefined && { member }), ...(phrase !== undefined && { phrase }) };
  if (member !== undefined) return evidence;
  // Described as an existence conflict without a state word: the agent needs the existing resource, not its state.
  if (phrase === undefined && describesExistenceConflict(description)) return undefined;
  // A PUT or PATCH on an item's sub-path may update a sub-resource (GitHub's `PUT /repos/{owner}/{repo}/pages`) as well as act (`PUT …/merge`): only a POST acts for sure.
  const firm = change?.kind === 'status' || operation.method === 'post';
  return change !== undefined && ((firm && response.status === '409') || phrase !== undefined) ? evidence : undefined;
}

/** The evidence in words: "`cancel` on an item; described "wrong state"", "sets `status`", "its schema declares `currentState`". */
export function stateEvidence(rejection: StateRejection): string {
  const { change, member, phrase } = rejection;
  const said = [
    member === undefined ? undefined : `its schema declares \`${member}\``,
    change === undefined || member !== undefined ? undefined : change.kind === 'action' ? `\`${change.action}\` on an item` : `sets \`${change.member}\``,
    phrase === undefined || member !== undefined ? undefined : `described "${phrase}"`,
  ];
  return said.filter(Boolean).join('; ');
}
