/**
 * The runtime guard's one door into lib/errors/value-shapes.ts: what a live JSON error body carries, read with
 * the same table (carriers × members) and the same name options as the lint rules. Every call into the
 * shapes module goes through here, so an API change there touches this file alone.
 */
import { describeErrorValue, valueAnswer, valueHome, type ErrorValue, type ValueMember, type ValueQuestion } from '../lib/errors/value-shapes';
import type { StateField } from '../lib/envelope/envelope';
import { carrierName, inStyleOf } from '../lib/errors/error-wording';
import { namesFor, type Concept, type Names } from '../lib/semantics/names';

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

/** The state-rejection member of a live body (in any carrier the table knows), if it has one. */
export function stateMember(body: unknown, field: StateField, names: Names): ValueMember | undefined {
  return valueAnswer(body, field, names);
}

/** The recovery hint to send, where the lint's fix adds it: its name in the case style of the place holding the error, and that place (" inside the `fault` object"; "" for the body). */
export function hintAdvice(body: unknown, names: Names): { name: string; place: string } {
  const home = valueHome(body, names);
  const place = home.carrier.kind === 'body' ? '' : ` inside ${carrierName(home.carrier)}`;
  return { name: inStyleOf(home.memberNames, namesFor(names, 'recoveryHint')), place };
}

/** The first name of a concept: the one messages suggest. */
export const firstName = (names: Names, concept: Concept): string => namesFor(names, concept)[0];
