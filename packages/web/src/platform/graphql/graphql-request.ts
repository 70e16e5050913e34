import { isApiError, type ApiClient } from '../api';
import { PERSISTED_OPERATIONS, type OperationTypes } from './persisted-operations.generated';

/** Team-plan §7 and platform §7: the main data layer's endpoint. */
export const GRAPHQL_PATH = '/api/2022-03/graphql/';

/**
 * Platform §7: GraphQL calls carry a `language` header derived from the locale cookie. It
 * holds the negotiated locale as a BCP 47 tag (`ud_locale=pt_BR` → `pt-BR`), the same value
 * as `Accept-Language`, so texts the server writes come in the page's language.
 */
export const GRAPHQL_LANGUAGE_HEADER = 'language';

/** Platform §8: the code of an error that says none. */
export const DEFAULT_GRAPHQL_ERROR_CODE = 'INTERNAL_SERVER_ERROR';

/** A GraphQL error as the server answers it: its message and `extensions.code` (platform §8). */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly extensions: { code?: string; field_errors?: Record<string, string[]>; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'GraphqlError';
  }

  /** `extensions.code`, INTERNAL_SERVER_ERROR when the error has none. */
  get code(): string {
    return typeof this.extensions.code === 'string' ? this.extensions.code : DEFAULT_GRAPHQL_ERROR_CODE;
  }

  /** BAD_USER_INPUT's messages per field, keyed by the argument's path (`learningReminder.title`). */
  get fieldErrors(): Readonly<Record<string, string[]>> {
    const fieldErrors = this.extensions.field_errors;
    return typeof fieldErrors === 'object' && fieldErrors !== null ? fieldErrors : {};
  }
}

export function isGraphqlError(error: unknown): error is GraphqlError {
  return error instanceof GraphqlError;
}

interface GraphqlAnswer<TData> {
  data?: TData | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

function firstError(answer: unknown): GraphqlError | null {
  const errors = (answer as GraphqlAnswer<unknown> | null)?.errors;
  const [first] = Array.isArray(errors) ? errors : [];
  if (!first || typeof first.message !== 'string') return null;
  return new GraphqlError(first.message, (first.extensions ?? {}) as GraphqlError['extensions']);
}

/** The name of an operation of the web app's `*.graphql` documents. */
export type OperationName = keyof OperationTypes;
export type OperationData<Name extends OperationName> = OperationTypes[Name]['data'];
export type OperationVariables<Name extends OperationName> = OperationTypes[Name]['variables'];

export interface GraphqlRequestOptions {
  /** Cancels the call (platform §7), e.g. TanStack Query's signal when a query is dropped. */
  signal?: AbortSignal;
}

/** Variables may be left out only when the operation takes none that are required. */
type RequestArguments<Name extends OperationName> =
  Record<string, never> extends OperationVariables<Name>
    ? [variables?: OperationVariables<Name>, options?: GraphqlRequestOptions]
    : [variables: OperationVariables<Name>, options?: GraphqlRequestOptions];

/**
 * Outside production builds, the documents' text (loaded on demand), for a server that does not
 * know a hash: codegen was not run after a document changed (decision 0028). Production builds
 * send hashes only, as production servers run nothing else.
 */
const DOCUMENT_TEXTS: Record<string, () => Promise<string>> = import.meta.env.DEV
  ? import.meta.glob<string>('../../**/*.graphql', { query: '?raw', import: 'default' })
  : {};

/** The text of a document by its path under src/, when this build has it. */
async function documentText(document: string): Promise<string | null> {
  const load = DOCUMENT_TEXTS[`../../${document}`];
  return load ? load() : null;
}

async function send<TData>(api: ApiClient, body: object, signal: AbortSignal | undefined): Promise<TData> {
  let answer: GraphqlAnswer<TData>;
  try {
    answer = await api.post<GraphqlAnswer<TData>>(GRAPHQL_PATH, body, {
      base: 'root',
      headers: {
        Accept: 'application/graphql-response+json, application/json',
        [GRAPHQL_LANGUAGE_HEADER]: api.locale(),
      },
      signal,
    });
  } catch (error) {
    throw (isApiError(error) && firstError(error.body)) || error;
  }
  const error = firstError(answer);
  if (error) throw error;
  if (!answer.data) throw new GraphqlError('The answer had no data.', { code: DEFAULT_GRAPHQL_ERROR_CODE });
  return answer.data;
}

/**
 * One operation of the web app's `*.graphql` documents, typed by its generated answer and
 * variables types, through the one API client (cookies, CSRF header, timeout) with the
 * `language` header. It is a persisted query (decision 0028): the POST carries
 * `{operationName, variables, extensions: {persistedQuery: {version: 1, sha256Hash}}}` and no
 * text. Where the server does not know the hash (a development server whose documents are newer
 * than its manifest), a development build sends the text once more.
 * Errors throw the first error's message and extensions (platform §7, §8; the code defaults to
 * INTERNAL_SERVER_ERROR), also when the server refuses the request with a 4xx that carries them.
 */
export async function graphqlRequest<Name extends OperationName>(
  api: ApiClient,
  operationName: Name,
  ...[variables, options]: RequestArguments<Name>
): Promise<OperationData<Name>> {
  const { sha256Hash, document } = PERSISTED_OPERATIONS[operationName];
  const request = { operationName, variables: variables ?? {} };
  try {
    return await send<OperationData<Name>>(
      api,
      { ...request, extensions: { persistedQuery: { version: 1, sha256Hash } } },
      options?.signal,
    );
  } catch (error) {
    if (!isGraphqlError(error) || error.code !== 'PERSISTED_QUERY_NOT_FOUND') throw error;
    const query = await documentText(document);
    if (query === null) throw error;
    return send<OperationData<Name>>(api, { ...request, query }, options?.signal);
  }
}
