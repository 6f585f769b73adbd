/**
 * The companion of agent-ux/no-inline-next-steps: once steps come from central helpers, a test can call
 * each helper for every state and ask this sweep whether every step it can emit reaches a declared
 * operation with that method, with the same matcher as the ruleset and the runtime guard.
 */
import { isObject } from '../lib/document/document';
import { liveHrefProblem } from '../rules/ax-envelope-next-steps-href';
import { prepare } from './description';

export interface UnresolvedStep {
  /** The step as given, and its position in the list. */
  step: unknown;
  index: number;
  message: string;
}

/**
 * Every step of `steps` (`{ method, href }` objects, as a helper returns them) whose href does not
 * resolve to a declared operation with that method, with why. Throws a TypeError when `openapi` is not
 * an OpenAPI description or `steps` is not an array.
 */
export function unresolvedSteps(openapi: object, steps: readonly unknown[]): UnresolvedStep[] {
  if (!Array.isArray(steps)) throw new TypeError('spectral-agent-ux/runtime: unresolvedSteps takes an array of steps ({ method, href }).');
  const description = prepare(openapi);
  return steps.flatMap((step, index) => {
    const href = isObject(step) ? step.href : undefined;
    const message =
      typeof href === 'string' && href !== ''
        ? liveHrefProblem(description, candidate => description.matcher.suggest(candidate), `step ${index}`, href, isObject(step) ? step.method : undefined)
            ?.text
        : `step ${index} has no href, so an agent cannot call it. Give every step a string href.`;
    return message === undefined ? [] : [{ step, index, message }];
  });
}
