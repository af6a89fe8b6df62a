/**
 * The baseline of the web-processes bench: a bare Fastify app answering `GET /` with
 * `{"hello":"world"}`, as its own process on 127.0.0.1 and the port in PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('ready');
