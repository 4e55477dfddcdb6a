/**
 * The type provider every module's routes register through: `request.body`, `query` and `params` take
 * their types from the route's schemas (json-schema-to-ts), so no route restates them by hand.
 *
 * Only the request side is typed. The reply side stays `unknown` on purpose: handlers return `ok(...)`
 * envelopes, answers are JSON.stringify'd (never reshaped by a schema), and the response schemas are
 * loose in places; they are checked against every answer in the server tests (response-check.ts), not
 * by the compiler. JsonSchemaToTsProvider alone would type the reply from the response schemas too.
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { DataSchemaReferences } from './data-schemas.gen';

type RequestProvider = JsonSchemaToTsProvider<{
  ValidatorSchemaOptions: { references: DataSchemaReferences };
}>;
// the package's validator side applied to one schema, as fastify's CallValidatorTypeProvider does
type RequestType<S> = (RequestProvider & { schema: S })['validator'];

export interface ApiTypeProvider extends FastifyTypeProvider {
  readonly validator: RequestType<this['schema']>;
  readonly serializer: unknown;
}

/** The same instance, its routes typed by ApiTypeProvider (a type-level view: no runtime change). */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ApiTypeProvider>();

export type TypedApp = ReturnType<typeof typed>;

/**
 * What a route's request part is typed as under ApiTypeProvider, for a schema shared between a route and
 * the service that takes the value (e.g. a list filter's querystring).
 */
export type RequestOf<S> = RequestType<S>;
