import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import {
  isJsonResponse,
  isMultipartBody,
  type EndpointDefinition,
  type EndpointOutput,
  type EndpointParsed,
} from '@sanad/contracts/endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from. */
    endpoint?: EndpointDefinition;
  }
}

/** A request whose parameters, query and body the endpoint's schemas have already parsed. */
export type EndpointRequest<E extends EndpointDefinition> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & EndpointParsed<E>;

/**
 * A JSON endpoint answers its envelope; a file or redirect endpoint answers through the reply it
 * was handed.
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends { kind: 'file' | 'redirect' } ? FastifyReply : EndpointOutput<E>>;

export interface RouteExtras {
  /** Bytes a JSON body may have when larger than the app's 1 MB default (a CSV import). */
  bodyLimit?: number;
  /** A tighter limit per address than the app's (heavy work such as OCR), or none (health checks). */
  rateLimit?: { max: number; timeWindow: string } | false;
  /**
   * The same operation also answers at this spelling of the path: the spec writes some paths with a
   * trailing slash (`users/`) and clients use both. OpenAPI documents only the contract's path.
   */
  alsoAt?: string;
}

/**
 * Registers the route of one endpoint contract: its method, path, schemas and the access the
 * authentication hook enforces all come from the contract, so server, OpenAPI and web client
 * cannot disagree. Multipart bodies are read by the handler (the contract documents their fields).
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const schema: FastifySchema = { tags: [endpoint.tag], summary: endpoint.summary };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body && !isMultipartBody(endpoint.body)) schema.body = endpoint.body;
  if (isJsonResponse(endpoint.response)) schema.response = { 200: endpoint.response };
  const options: RouteOptions = {
    method: endpoint.head ? [endpoint.method, 'HEAD'] : endpoint.method,
    url: `/${endpoint.path}`,
    schema,
    config: { access: endpoint.access, endpoint, ...(extras.rateLimit === undefined ? {} : { rateLimit: extras.rateLimit }) },
    handler: (request, reply) => handler(request as unknown as EndpointRequest<E>, reply),
  };
  if (extras.bodyLimit !== undefined) options.bodyLimit = extras.bodyLimit;
  app.route(options);
  if (extras.alsoAt !== undefined) app.route({ ...options, url: `/${extras.alsoAt}` });
}
