/**
 * The Fastify plugin: checks every object payload in a `preSerialization` hook (Fastify calls it for
 * objects only: strings, buffers, streams and null pass unchecked). No import of Fastify itself.
 */
import { agentUxGuard, noticeRoutes, type AppRoute, type Guard, type GuardOptions } from './guard';

/** The parts of Fastify's request and reply the hook reads or sets. */
interface FastifyRequestLike {
  method: string;
  url: string;
  routeOptions?: { url?: string };
}
interface FastifyReplyLike {
  statusCode: number;
  getHeaders(): Record<string, unknown>;
  getHeader(name: string): unknown;
  code(status: number): unknown;
  serializer(fn: (payload: unknown) => string): unknown;
}
type Done = (error?: Error | null, payload?: unknown) => void;
interface FastifyInstanceLike {
  addHook(name: 'preSerialization', hook: (request: FastifyRequestLike, reply: FastifyReplyLike, payload: unknown, done: Done) => void): unknown;
  addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown;
  addHook(name: 'onReady', hook: (done: (error?: Error) => void) => void): unknown;
}

export type FastifyAgentUxOptions = GuardOptions;

/** `app.register(fastifyAgentUx, { spec, mode, onViolation })`: guards every route of the app it is registered on. */
export function fastifyAgentUx(fastify: FastifyInstanceLike, options: FastifyAgentUxOptions, done: (error?: Error) => void): void {
  let guard: Guard;
  try {
    guard = agentUxGuard(options);
  } catch (error) {
    return done(error as Error);
  }
  // The routes registered after the plugin, judged once when the app is ready.
  const routes: AppRoute[] = [];
  fastify.addHook('onRoute', route => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  fastify.addHook('onReady', ready => {
    noticeRoutes(options.spec, () => routes, options);
    ready();
  });
  fastify.addHook('preSerialization', (request, reply, payload, next) => {
    // Read inside the guard's protection: a framework object that throws is reported, not thrown into the reply.
    const replacement = guard.inspect(() => ({
      method: request.method,
      path: request.url,
      route: request.routeOptions?.url,
      // Fastify's not-found handler runs with no route: its 404 is Fastify's own, not an operation's.
      matched: request.routeOptions?.url !== undefined,
      status: reply.statusCode,
      headers: reply.getHeaders(),
      contentType: reply.getHeader('content-type'),
      body: payload,
    }));
    if (replacement === undefined) return next(null, payload);
    // The route's own response schemas must not strip the report: plain JSON for this reply.
    reply.code(500);
    reply.serializer(JSON.stringify);
    next(null, replacement);
  });
  done();
}

// As fastify-plugin does: the hook applies to the scope that registers the plugin, not a child scope.
Object.assign(fastifyAgentUx, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'spectral-agent-ux' });
