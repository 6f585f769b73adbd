/**
 * The Express middleware: checks the JSON text `res.send` is handed, which is where `res.json` (and
 * `res.send` with an object, through it) sends what it serialized: the guard parses that text and never
 * serializes the body again. Text of another type, buffers, files and streams pass unchecked. No import of Express itself.
 */
import { agentUxGuard, FrameworkResponse, noticeRoutes, type AppRoute, type GuardOptions } from './guard';

/** The parts of Express's request and response the middleware reads or wraps. */
interface ExpressRequestLike {
  method: string;
  originalUrl?: string;
  url: string;
  baseUrl?: string;
  route?: { path?: unknown };
  /** The application: Express 5 keeps its router in `router`, Express 4 in `_router`. */
  app?: { router?: RouterLike; _router?: RouterLike };
}
interface RouterLike {
  stack?: { route?: { path?: unknown; methods?: Record<string, boolean> } }[];
}

/** The routes declared on the app itself (not in mounted routers, whose mount path Express does not keep). */
function appRoutes(req: ExpressRequestLike): AppRoute[] {
  const stack = (req.app?.router ?? req.app?._router)?.stack ?? [];
  return stack.flatMap(({ route }) =>
    typeof route?.path === 'string' ? Object.keys(route.methods ?? {}).map(method => ({ method, url: route.path as string })) : [],
  );
}
interface ExpressResponseLike {
  statusCode: number;
  send(body: unknown): unknown;
  status(code: number): unknown;
  getHeaders(): Record<string, unknown>;
  getHeader(name: string): unknown;
}

export type ExpressAgentUxOptions = GuardOptions;

/** `app.use(expressAgentUx({ spec, mode, onViolation }))`, before the routes it guards. Throws at once on a bad `spec`. */
export function expressAgentUx(options: ExpressAgentUxOptions) {
  const guard = agentUxGuard(options);
  // Express has no "ready" moment: the app's routes are judged at its first request.
  let judged = false;
  return function agentUx(req: ExpressRequestLike, res: ExpressResponseLike, next: () => void): void {
    if (!judged) {
      judged = true;
      noticeRoutes(options.spec, () => appRoutes(req), options);
    }
    const send = res.send;
    res.send = function (this: ExpressResponseLike, body: unknown) {
      // An object goes on to res.json, which serializes it and comes back here with its text.
      if (typeof body !== 'string') return send.call(this, body);
      // Read inside the guard's protection: a framework object that throws is reported, not thrown into the response.
      const replacement = guard.inspect(() => {
        const route = typeof req.route?.path === 'string' ? `${req.baseUrl ?? ''}${req.route.path}` : undefined;
        return new FrameworkResponse(
          {
            method: req.method,
            path: req.originalUrl ?? req.url,
            route,
            // A 404 sent where no route matched (a catch-all handler) is the application's "no such route", not an operation's.
            matched: route !== undefined || res.statusCode !== 404,
            status: res.statusCode,
            // Express sends a string without a type as HTML.
            contentType: res.getHeader('content-type') ?? 'text/html',
            payload: body,
          },
          res,
        );
      });
      if (replacement === undefined) return send.call(this, body);
      res.status(500);
      return send.call(this, JSON.stringify(replacement));
    };
    next();
  };
}
