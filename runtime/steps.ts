/**
 * The companion of agent-ux/no-inline-next-steps: once steps come from central helpers, a test can call
 * each helper for every state and ask this sweep whether every step it can emit reaches a declared
 * operation with that method, with the same matcher as the ruleset and the runtime guard.
 */
import { isObject } from '../lib/document/document';
import { plain, type PlainSaid } from '../lib/findings/messages';
import { liveHrefProblem, liveNoHref } from '../rules/ax-envelope-next-steps-href';
import { prepare } from './description';

export interface UnresolvedStep {
  /** The step as given, and its position in the list. */
  step: unknown;
  index: number;
  /** Why, as data (the template of ax-envelope-next-steps-href's page and its parameters) and as the sentence they make. */
  messageId: string;
  data: PlainSaid['data'];
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
    const said =
      typeof href === 'string' && href !== ''
        ? liveHrefProblem(
            description,
            candidate => description.matcher.suggest(candidate),
            () => `step ${index}`,
            href,
            isObject(step) ? step.method : undefined,
          )
        : liveNoHref(`step ${index}`);
    return said === undefined ? [] : [{ step, index, ...plain(said), message: said.text }];
  });
}
