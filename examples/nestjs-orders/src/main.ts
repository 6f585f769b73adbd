// `node examples/nestjs-orders/dist/main.js [--port 3000]` (after `npx tsc -p examples/nestjs-orders`): the Orders API on 127.0.0.1.
import { buildApp } from './app.js';

const at = process.argv.indexOf('--port');
const app = await buildApp();
await app.listen(at === -1 ? 3000 : Number(process.argv[at + 1]), '127.0.0.1');
console.log(`Orders API listening at ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}`);
