import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  buildSchema,
  execute,
  getOperationAST,
  isObjectType,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { createExpiringCache } from '../cache/expiring-cache.js';
import {
  createHandler,
  parseRequestParams,
  type Request as GraphqlHttpRequest,
  type RequestParams,
  type Response as GraphqlHttpResponse,
} from 'graphql-http';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { ReadStatements, Reader } from '../db/read-batch.js';
import { HttpError } from '../http/http-error.js';
import { unstorableTextPath } from '../http/unstorable-text.js';
import {
  createDocumentLimits,
  knownOperationTypesRule,
  parseWithinLimits,
  unstorableInput,
} from './graphql-limits.js';

const DOCUMENT_CACHE_MS = 10 * 60 * 1000;

/** Team-plan §7 and platform §7: the main data layer. */
export const GRAPHQL_PATH = '/api/2022-03/graphql/';
/** Platform §7: feature assignment and shared access, a schema of its own. */
export const FEATURES_GRAPHQL_PATH = '/api/2024-01/graphql/';

/** What every resolver knows of the request. */
export type GraphqlContext = {
  request: FastifyRequest;
  /** For the few answers that set a cookie (a visitor's first assignment starts their visit). */
  reply: FastifyReply;
  userId: number | null;
  /**
   * This request's batch loaders (DataLoader), by a key of the feature that made them: made on
   * first use through `requestLoaders`, gone with the request, so nothing loaded for one
   * request or user is ever seen by another.
   */
  loaders: Map<symbol, unknown>;
  /**
   * This request's reader: the named reads its resolvers ask for in the same tick go to the
   * database as one statement (a My courses page's streak, reminders and communities).
   */
  reads: Reader;
};

/** The loaders kept under `key` for this request, made by `create` on first use. */
export function requestLoaders<T>(context: GraphqlContext, key: symbol, create: () => T): T {
  if (!context.loaders.has(key)) context.loaders.set(key, create());
  return context.loaders.get(key) as T;
}

/** The scalars every part of the schema shares. Money amounts are integer minor units (design §3). */
export const BASE_TYPE_DEFS = /* GraphQL */ `
  """
  An ISO 8601 date and time in UTC.
  """
  scalar DateTime
  """
  An integer that JavaScript holds exactly (up to 2^53 - 1): amounts in minor units.
  """
  scalar SafeInt

  type Query
`;

/**
 * A feature's part of the schema: its SDL, the resolvers of its root fields, and those of the
 * fields of its object types that are not plain properties (`types`, by type then field name:
 * nested reads, each batched per request through `requestLoaders`).
 */
export interface GraphqlPart {
  typeDefs: string;
  query?: Record<string, (args: never, context: GraphqlContext) => unknown>;
  mutation?: Record<string, (args: never, context: GraphqlContext) => unknown>;
  types?: Record<string, Record<string, (parent: never, args: never, context: GraphqlContext) => unknown>>;
}

export function buildGraphqlSchema(parts: readonly Pick<GraphqlPart, 'typeDefs'>[]): GraphQLSchema {
  const typeDefs = parts.map((part) => part.typeDefs);
  // A schema with no mutations has no Mutation type (an empty one is invalid).
  const mutation = typeDefs.some((text) => text.includes('extend type Mutation')) ? 'type Mutation' : '';
  return buildSchema([BASE_TYPE_DEFS, mutation, ...typeDefs].join('\n'));
}

/** HTTP statuses of the error contract as GraphQL error codes (platform §8). */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * Every error leaves with `extensions.code`: the service's HttpError by its status, the
 * document's own problems as GRAPHQL_PARSE_FAILED or GRAPHQL_VALIDATION_FAILED, variables the
 * schema cannot take as BAD_USER_INPUT, and anything
 * else as INTERNAL_SERVER_ERROR without its message (it is logged instead).
 */
function formatErrorWith(log: FastifyInstance['log']) {
  return (error: Error): GraphQLError => {
    // graphql-http hands plain errors only for requests it cannot read (no query, bad variables).
    if (!(error instanceof GraphQLError)) {
      return new GraphQLError(error.message, { extensions: { code: 'BAD_REQUEST' } });
    }
    const graphqlError = error;
    const original = graphqlError.originalError;
    if (original instanceof HttpError) {
      return new GraphQLError(original.detail, {
        nodes: graphqlError.nodes,
        path: graphqlError.path,
        extensions: {
          code: CODE_OF_STATUS[original.statusCode] ?? 'INTERNAL_SERVER_ERROR',
          ...(original.code ? { reason: original.code } : {}),
          ...(original.fieldErrors ? { field_errors: original.fieldErrors } : {}),
        },
      });
    }
    if (graphqlError.extensions?.code) return graphqlError;
    if (original && !(original instanceof GraphQLError)) {
      log.error({ err: original, path: graphqlError.path }, 'GraphQL resolver failed');
      return new GraphQLError('Unexpected error occurred', {
        path: graphqlError.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
    }
    // A variable the schema cannot take (a wrong enum value, a missing input field) is bad input.
    const code = graphqlError.message.startsWith('Syntax Error')
      ? 'GRAPHQL_PARSE_FAILED'
      : graphqlError.message.startsWith('Variable "$')
        ? 'BAD_USER_INPUT'
        : 'GRAPHQL_VALIDATION_FAILED';
    return new GraphQLError(graphqlError.message, {
      nodes: graphqlError.nodes,
      path: graphqlError.path,
      extensions: { ...(graphqlError.extensions ?? {}), code },
    });
  };
}

/**
 * Persisted queries (decision 0028): documents known in advance, by the SHA-256 (hex) of their
 * text. `npm run codegen` writes the web app's (`PERSISTED_DOCUMENTS`).
 */
export type PersistedDocuments = Readonly<Record<string, string>>;

type EndpointRequest = GraphqlHttpRequest<FastifyRequest, FastifyReply>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a request says of persisted queries, read before graphql-http checks it: the hash of
 * `extensions.persistedQuery` (undefined when there is none, or when the request is too broken
 * to tell: graphql-http then refuses it) and whether it carries a query text too.
 */
function persistedQueryOf(request: EndpointRequest): { hash: string | undefined; hasText: boolean } {
  let extensions: unknown;
  let query: unknown;
  if (request.method === 'GET') {
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    query = search.get('query') ?? undefined;
    try {
      extensions = JSON.parse(search.get('extensions') ?? 'null');
    } catch {
      return { hash: undefined, hasText: query !== undefined };
    }
  } else if (isRecord(request.body)) {
    ({ extensions, query } = request.body);
  }
  const persisted = isRecord(extensions) ? extensions.persistedQuery : undefined;
  if (persisted === undefined) return { hash: undefined, hasText: query != null };
  if (!isRecord(persisted) || persisted.version !== 1 || typeof persisted.sha256Hash !== 'string') {
    throw new GraphQLError('extensions.persistedQuery must be {"version": 1, "sha256Hash": "<hex>"}.', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  return { hash: persisted.sha256Hash.toLowerCase(), hasText: query != null };
}

/** The request with `query` set to a persisted document's text (whatever text it carried). */
function withQuery(request: EndpointRequest, query: string): EndpointRequest {
  if (request.method === 'GET') {
    const [path, search] = request.url.split('?');
    const params = new URLSearchParams(search ?? '');
    params.set('query', query);
    return { ...request, url: `${path}?${params.toString()}` };
  }
  return { ...request, body: { ...(request.body as Record<string, unknown>), query } };
}

/**
 * graphql-http's request parsing with persisted queries (decision 0028): a known hash runs its
 * document; an unknown one is PERSISTED_QUERY_NOT_FOUND, unless, outside production, the request
 * carries the text as well; a request with text alone is refused in production
 * (PERSISTED_QUERY_REQUIRED) once graphql-http found nothing else wrong with it. Queries may come
 * by GET (`?operationName=&variables=&extensions=`), mutations only by POST.
 */
function persistedRequestParams(documents: PersistedDocuments, production: boolean) {
  return async (request: EndpointRequest): Promise<RequestParams | GraphqlHttpResponse | undefined> => {
    const { hash, hasText } = persistedQueryOf(request);
    if (hash === undefined) {
      if (!production) return undefined;
      const params = await parseRequestParams(request);
      if (!('query' in params)) return params;
      throw new GraphQLError(
        'This endpoint runs only the persisted queries of the web app: send extensions.persistedQuery instead of the query text.',
        { extensions: { code: 'PERSISTED_QUERY_REQUIRED' } },
      );
    }
    const document = Object.hasOwn(documents, hash) ? documents[hash] : undefined;
    if (document !== undefined) return parseRequestParams(withQuery(request, document));
    if (hasText && !production) return undefined;
    throw new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
  };
}

/**
 * The request's params as graphql-http reads them (through `first`, the persisted queries, when
 * there are some), refusing variables with text no database can keep: BAD_USER_INPUT naming the
 * variable (`learningReminder.title`), as the REST guard does for JSON bodies.
 */
function checkedRequestParams(
  first?: (request: EndpointRequest) => Promise<RequestParams | GraphqlHttpResponse | undefined>,
) {
  return async (request: EndpointRequest) => {
    const params = (await first?.(request)) ?? (await parseRequestParams(request));
    // A tuple is graphql-http's own answer to a request it cannot read (wrong method or body).
    if (Array.isArray(params)) return params;
    const path = unstorableTextPath((params as RequestParams).variables ?? null);
    if (path) throw unstorableInput(path);
    return params;
  };
}

/** Past this many, validation stops: a document of a thousand mistakes is answered with the first ones. */
const MAX_VALIDATION_ERRORS = 20;

/** Whether the operation asks only for introspection (`__schema`, `__type`, `__typename`). */
function isIntrospectionOnly(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  return (
    !!operation &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'),
    )
  );
}

/** Root queries already resolved in this request, by field and arguments (batched aliases). */
const ROOT_READS = Symbol('root reads');

const EMPTY_REFUSALS: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'This is not a GraphQL request.' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Queries are sent by GET or POST, mutations by POST.' },
  406: { code: 'NOT_ACCEPTABLE', message: 'Accept application/graphql-response+json or application/json.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request as application/json.' },
};

/**
 * The schema of `parts` with their resolvers on its fields, where graphql-js and compiled queries
 * find them. A root query resolves once per request for the same arguments (aliases of it).
 */
export function buildExecutableSchema(parts: readonly GraphqlPart[]): GraphQLSchema {
  const schema = buildGraphqlSchema(parts);
  // Each part's root resolvers go on their fields, where graphql-js and compiled queries find them.
  for (const part of parts) {
    for (const [type, resolvers] of [
      [schema.getQueryType(), part.query],
      [schema.getMutationType(), part.mutation],
    ] as const) {
      const batched = type === schema.getQueryType();
      for (const [name, resolve] of Object.entries(resolvers ?? {})) {
        const field = type?.getFields()[name];
        if (!field) throw new Error(`The schema has no root field ${name} for its resolver.`);
        field.resolve = batched
          ? (_root, args, context: GraphqlContext) => {
              // The same root query with the same arguments (aliases of it) resolves once per
              // request; mutations always run, each time they are asked for.
              const reads = requestLoaders(context, ROOT_READS, () => new Map<string, unknown>());
              const key = `${name}:${JSON.stringify(args)}`;
              if (reads.has(key)) return reads.get(key);
              const answer = resolve(args as never, context);
              reads.set(key, answer);
              return answer;
            }
          : (_root, args, context) => resolve(args as never, context as GraphqlContext);
      }
    }
    for (const [typeName, resolvers] of Object.entries(part.types ?? {})) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`The schema has no type ${typeName} for its resolvers.`);
      for (const [name, resolve] of Object.entries(resolvers)) {
        const field = type.getFields()[name];
        if (!field) throw new Error(`The type ${typeName} has no field ${name} for its resolver.`);
        field.resolve = (parent, args, context) =>
          resolve(parent as never, args as never, context as GraphqlContext);
      }
    }
  }
  return schema;
}

/**
 * `GET|POST /api/2022-03/graphql/` over graphql-http (GraphQL-over-HTTP compliant): queries by
 * GET or POST, mutations by POST only (CSRF applies to every POST that carries cookies, like the
 * rest of the API), the limits of GRAPHQL_LIMITS checked before validation (decision 0035),
 * introspection only outside production. With `persistedDocuments` (an endpoint whose every client
 * is built from this repository), the endpoint runs those documents by hash, and in production
 * nothing else (decisions 0028 and 0035); without, it takes text under the same limits.
 */
export function registerGraphqlEndpoint(
  app: FastifyInstance,
  options: {
    parts: readonly GraphqlPart[];
    production: boolean;
    /** Where each request's reader comes from. */
    statements: ReadStatements;
    path?: string;
    persistedDocuments?: PersistedDocuments;
  },
): void {
  const schema = buildExecutableSchema(options.parts);
  const validationRules = [
    knownOperationTypesRule,
    ...(options.production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  // After the resolvers are in place: a field's weight depends on whether it has one.
  const withinLimits = createDocumentLimits(schema, { production: options.production });
  // Clients send the same few documents again and again: each is parsed and validated once.
  const documents = createExpiringCache<string, DocumentNode>({ ttlMs: DOCUMENT_CACHE_MS, maxEntries: 1000 });
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult>>();
  const handle = createHandler<FastifyRequest, FastifyReply, GraphqlContext>({
    schema,
    validationRules,
    // The text's length and tokens are bounded before anything is built from it.
    parse: (source) => {
      const text = typeof source === 'string' ? source : source.body;
      const hit = documents.get(text);
      if (hit) return hit;
      const document = parseWithinLimits(source);
      documents.set(text, document);
      return document;
    },
    // Each document is compiled to a function once (graphql-jit, decision 0020): executing it then
    // costs a fraction of graphql-js's interpreter on this endpoint's hot reads.
    execute: (args) => {
      // Introspection (outside production) is answered by graphql-js: compiling its large
      // documents, sent once by a tool, costs several times what interpreting them does.
      if (isIntrospectionOnly(args.document, args.operationName)) return execute(args);
      const key = args.operationName ?? '';
      let forDocument = compiled.get(args.document);
      if (!forDocument) {
        forDocument = new Map();
        compiled.set(args.document, forDocument);
      }
      let query = forDocument.get(key);
      if (!query) {
        query = compileQuery(args.schema, args.document, args.operationName ?? undefined) as
          CompiledQuery | ExecutionResult;
        forDocument.set(key, query);
      }
      if (!isCompiledQuery(query)) return query;
      return query.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as
        Promise<ExecutionResult> | ExecutionResult;
    },
    validate: (validSchema, document, rules) => {
      const hit = validated.get(document);
      if (hit) return hit;
      // Depth, cost, aliases and fragment cycles first, each fragment measured once: graphql-js's
      // rules walk every spread, so only a bounded document may reach them.
      const refused = withinLimits(document);
      const errors =
        refused.length > 0
          ? refused
          : validate(validSchema, document, rules, { maxErrors: MAX_VALIDATION_ERRORS });
      validated.set(document, errors);
      return errors;
    },
    context: (request) => ({
      request: request.raw,
      reply: request.context,
      userId: request.raw.userId ?? null,
      loaders: new Map(),
      reads: options.statements.batch(),
    }),
    formatError: formatErrorWith(app.log),
    parseRequestParams: checkedRequestParams(
      options.persistedDocuments
        ? persistedRequestParams(options.persistedDocuments, options.production)
        : undefined,
    ),
  });
  app.route({
    method: ['GET', 'POST'],
    url: options.path ?? GRAPHQL_PATH,
    handler: async (request, reply) => {
      const [body, init] = await handle({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: (request.body ?? null) as Record<string, unknown> | null,
        raw: request,
        context: reply,
      });
      reply.status(init.status).headers(init.headers ?? {});
      if (body) return reply.send(body);
      if (init.status < 400) return reply.send();
      // graphql-http answers a request it cannot take (wrong method or media type) with no body;
      // it gets the GraphQL error shape with a code, like every other refusal here.
      const refusal = EMPTY_REFUSALS[init.status] ?? EMPTY_REFUSALS[400]!;
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] }));
    },
  });
}
