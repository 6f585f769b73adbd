/**
 * Verdicts on the agent-UX envelope of a JSON value, computed once for the lint rules (on examples)
 * and the runtime guard (on live bodies); each words them its own way.
 */
import { child, isObject, type Located } from './document';
import { namesFor, type Concept } from './names';
import { holdersOf } from './nested';

type Names = Partial<Record<Concept, readonly string[]>> | null | undefined;

/** One step of a `nextSteps` list that carries an href. */
export interface StepHref {
  href: string;
  /** The step's method as sent (anything: the href verdict judges it). */
  method: unknown;
  /** The step itself, and the href's own location. */
  step: Located;
  at: Located;
}

/** Every step with a non-empty string href, in every `nextSteps` list of the value. */
export function stepHrefs(value: Located, names: Names): StepHref[] {
  const [, methodName, hrefName] = namesFor(names, 'nextStepItem');
  if (hrefName === undefined) return [];
  return holdersOf(value, namesFor(names, 'nextSteps')).flatMap(({ value: list }) =>
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
