import Fastify from 'fastify';

/** The baseline of the server benches: Fastify answering a constant JSON, in its own process like the product. */
const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
