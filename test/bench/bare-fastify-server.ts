/**
 * The API benchmark's yardstick: Fastify with one GET route returning a small JSON object, no
 * plugins, no logger. Listens on PORT (default 0) on 127.0.0.1 and prints `listening <url>`.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ object: 'ping', ok: true, at: 'bare' }));
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(`listening ${url}\n`);
const close = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
