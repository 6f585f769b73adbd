/**
 * The Fastify plugin: checks the text each reply sends, in an `onSend` hook, after Fastify serialized it
 * (route schema, `toJSON` and getters applied once, by Fastify): the guard parses that text and never
 * serializes the body again. Buffers, streams and empty replies pass unchecked. No import of Fastify itself.
 */
import { agentUxGuard, FrameworkResponse, noticeRoutes, type AppRoute, type Guard, type GuardOptions } from './guard';

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
}
type Done = (error?: Error | null, payload?: unknown) => void;
interface FastifyInstanceLike {
  addHook(name: 'onSend', hook: (request: FastifyRequestLike, reply: FastifyReplyLike, payload: unknown, done: Done) => void): unknown;
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
  fastify.addHook('onSend', (request, reply, payload, next) => {
    if (typeof payload !== 'string') return next(null, payload);
    // Read inside the guard's protection: a framework object that throws is reported, not thrown into the reply.
    const replacement = guard.inspect(() => {
      const route = request.routeOptions?.url;
      return new FrameworkResponse(
        {
          method: request.method,
          path: request.url,
          route,
          // Fastify's not-found handler runs with no route: its 404 is Fastify's own, not an operation's.
          matched: route !== undefined,
          status: reply.statusCode,
          contentType: reply.getHeader('content-type'),
          payload,
        },
        reply,
      );
    });
    if (replacement === undefined) return next(null, payload);
    // Already past serialization: the report goes out as plain JSON, whatever the route's response schema says.
    reply.code(500);
    next(null, JSON.stringify(replacement));
  });
  done();
}

// As fastify-plugin does: the hook applies to the scope that registers the plugin, not a child scope.
Object.assign(fastifyAgentUx, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'spectral-agent-ux' });
