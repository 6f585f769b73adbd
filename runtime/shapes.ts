/**
 * The runtime guard's one door into lib/errors/value-shapes.ts: what a live JSON error body carries, read with
 * the same table (carriers × members) and the same name options as the lint rules, and the plan of the names a
 * declared error schema answers with, tried first on a live body. The rules' live checks read single members through
 * lib/envelope/live.ts; every other call of the runtime into the shapes module goes through here.
 */
import { answeredBy, describeErrorValue, type ErrorValue, type ValueMember, type ValueQuestion } from '../lib/errors/value-shapes';
import { errorSchemasOf } from '../lib/errors/error-bodies';
import { schemaAnswer } from '../lib/errors/schema-shapes';
import { listedName } from '../lib/errors/shape-table';
import type { OpenApiDocument, Operation, Response } from '../lib/document/document';
import type { PlannedQuestion } from '../lib/envelope/live';
import type { Names } from '../lib/semantics/names';

export type { Names, ValueMember, ValueQuestion };

/** What the probe (cli/probe/play.ts, which reads `code` and `message`) knows of a live error body. */
export interface LiveError {
  errorCode?: ValueMember;
  message?: ValueMember;
  recoveryHint?: ValueMember;
  stackTrace?: ValueMember;
  retryDelay?: ValueMember;
  /** How many fields the body names as failed (a validation error, not a state rejection). */
  fieldCount: number;
}

export function readError(body: unknown, names: Names): LiveError {
  const { errorCode, message, recoveryHint, stackTrace, retryDelay, fields } = describeErrorValue(body, names);
  return { errorCode, message, recoveryHint, stackTrace, retryDelay, fieldCount: fields.length };
}

/** What a live error body carries, read for the questions `asked` alone (what the guard's checks read at its status). */
export const readErrorPart = (body: unknown, names: Names, asked: readonly ValueQuestion[]): Partial<ErrorValue> => describeErrorValue(body, names, asked);

export type { PlannedQuestion };
/** The questions a plan can answer: those the checks ask only whether a body answers (PlannedQuestion). */
const PLANNED: readonly PlannedQuestion[] = ['errorCode', 'message', 'recoveryHint'];
export const isPlanned = (question: ValueQuestion): question is PlannedQuestion => (PLANNED as readonly ValueQuestion[]).includes(question);

/** Per question, the listed names with which the body of the declared error schema (any of its views) answers it. */
export type ErrorPlan = Record<PlannedQuestion, string[]>;

/**
 * The plan of one declared error response, made once per response and names: where the schema's body itself answers
 * a question with a listed name, that name (a wrapper's or an error list's member, or a name the table only recognises, is left to the table).
 */
export function errorPlan(doc: OpenApiDocument, operation: Operation, response: Response, names: Names): ErrorPlan {
  const views = errorSchemasOf(doc, operation, response).schemas.flatMap(schema => schema.views);
  const namesAnswering = (question: PlannedQuestion) =>
    views.flatMap(view => {
      const found = schemaAnswer(doc, view, question, names);
      return (found?.carrier.kind === 'body' && listedName(question, names, found.name)) || [];
    });
  return Object.fromEntries(PLANNED.map(question => [question, [...new Set(namesAnswering(question))]])) as ErrorPlan;
}

/**
 * True when the live body itself answers `question` with a name of the plan, by the table's own test of a listed name
 * (listedAnswer): then the table answers it too, so a check that asks only whether it is answered need not read the table.
 * False says nothing: the table decides.
 */
export function answeredByPlan(body: unknown, question: PlannedQuestion, names: Names, plan: ErrorPlan): boolean {
  // A loop, not `some` with a callback: asked of each live error body the guard checks.
  for (const name of plan[question]) if (answeredBy(body, question, names, name)) return true;
  return false;
}
