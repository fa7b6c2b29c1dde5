import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser protections on every answer (console pages, docs, the API): no page of the service may
 * be framed by another (`X-Frame-Options: DENY`, CSP `frame-ancestors 'none'`, so a signed-in
 * console cannot be clickjacked), and no answer is sniffed into another type (`nosniff`).
 *
 * The CSP holds only those few directives, written here rather than by helmet, whose CSP insists
 * on a `default-src`: the console's scripts, styles and page images keep working as they are.
 * Left out: Strict-Transport-Security (TLS is the operator's proxy's to declare; a year's pin on a
 * plain-HTTP kiosk host would lock it out) and the cross-origin resource and embedder policies
 * (publishable keys call the API from other origins).
 */
const HELMET: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: false,
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
};
const CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, HELMET);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('Content-Security-Policy', CSP);
    done();
  });
}
