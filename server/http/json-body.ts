/**
 * Request bodies: JSON only (multipart is added by the upload routes). An empty body sent with a JSON
 * content type counts as no body, because the client sends `content-type: application/json` on every
 * call, including bodiless ones such as logout. Prototype-poisoning keys are rejected as before.
 */
import type { FastifyInstance } from 'fastify';

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
