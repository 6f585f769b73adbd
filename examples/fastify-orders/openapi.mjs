// `node examples/fastify-orders/openapi.mjs > openapi.json`: the description @fastify/swagger generates from the routes.
import { buildApp } from './app.mjs';

const app = await buildApp();
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
