/**
 * spectral-agent-ux/runtime: the ruleset's checks on live responses, with the same rule ids, field
 * names and `x-ax-exempt` exemptions, read from the same OpenAPI description. docs/runtime.md.
 */
export { agentUxGuard, checkResponse, defaultMode, STRICT_ENV } from './guard';
export type { CheckOptions, Guard, GuardOptions, InspectInput, Mode, OnViolation, ResponseInput, StrictBody, Violation, ViolationContext } from './guard';
export { fastifyAgentUx, type FastifyAgentUxOptions } from './fastify';
export { expressAgentUx, type ExpressAgentUxOptions } from './express';
export { unresolvedSteps, type UnresolvedStep } from './steps';
export { promViolationCounter, VIOLATIONS_METRIC, type PromClientLike, type PromCounterOptions } from './prometheus';
