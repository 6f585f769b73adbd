/**
 * The runtime guard's one door into lib/errors/value-shapes.ts: what a live JSON error body carries, read with
 * the same table (carriers × members) and the same name options as the lint rules. The rules' live checks read
 * single members through lib/envelope/live.ts; every other call of the runtime into the shapes module goes through here.
 */
import { describeErrorValue, type ErrorValue, type ValueMember, type ValueQuestion } from '../lib/errors/value-shapes';
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
