// `node examples/fastify-orders/server.mjs [--port 3000]`: the Orders API on 127.0.0.1.
import { buildApp } from './app.mjs';

const at = process.argv.indexOf('--port');
const app = await buildApp();
const url = await app.listen({ host: '127.0.0.1', port: at === -1 ? 3000 : Number(process.argv[at + 1]) });
console.log(`Orders API listening at ${url}`);
