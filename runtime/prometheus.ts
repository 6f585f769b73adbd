/**
 * A ready-made `onViolation` for prom-client (an optional peer): counts agent_ux_violations_total by
 * rule, defect (the template's id: `message_id`), route and method. The caller passes its prom-client module, so this package never imports it.
 */
import type { OnViolation } from './guard';

export const VIOLATIONS_METRIC = 'agent_ux_violations_total';

interface CounterLike {
  inc(labels: Record<string, string>, value?: number): void;
}
interface RegistryLike {
  getSingleMetric(name: string): unknown;
}
/** The parts of prom-client used (`R`: its Registry type): `import * as client from 'prom-client'` fits. */
export interface PromClientLike<R extends RegistryLike = RegistryLike> {
  Counter: new (configuration: { name: string; help: string; labelNames: string[]; registers?: R[] }) => CounterLike;
  register: R;
}

export interface PromCounterOptions<R extends RegistryLike = RegistryLike> {
  /** The registry to count in; default prom-client's global `register`. */
  registry?: R;
}

/** `onViolation: promViolationCounter(client)`. Registering twice in one registry reuses the counter. */
export function promViolationCounter<R extends RegistryLike>(client: PromClientLike<R>, options: PromCounterOptions<R> = {}): OnViolation {
  const registry = options.registry ?? client.register;
  const counter =
    (registry.getSingleMetric(VIOLATIONS_METRIC) as CounterLike | undefined) ??
    new client.Counter({
      name: VIOLATIONS_METRIC,
      help: 'Responses that broke a spectral-agent-ux rule, by rule, defect (message id), route template and method.',
      labelNames: ['rule', 'message_id', 'route', 'method'],
      registers: [registry],
    });
  return (violation, { route, method }) => counter.inc({ rule: violation.rule, message_id: violation.messageId, route, method });
}
