import { isApiError, type ApiClient } from '../api';

/** Team-plan §7: every GraphQL call is a POST of {query, variables} to this path. */
export const GRAPHQL_PATH = '/api/2022-03/graphql/';

/**
 * Platform §7: GraphQL calls carry a `language` header derived from the locale cookie. It
 * holds the negotiated locale as a BCP 47 tag (`ud_locale=pt_BR` → `pt-BR`), the same value
 * as `Accept-Language`, so texts the server writes come in the page's language.
 */
export const GRAPHQL_LANGUAGE_HEADER = 'language';

/** A GraphQL error as the server answers it: its message and `extensions.code` (platform §8). */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly extensions: { code?: string; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'GraphqlError';
  }

  get code(): string {
    return this.extensions.code ?? 'INTERNAL_SERVER_ERROR';
  }
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

/**
 * One GraphQL operation through the one API client (cookies, CSRF header, timeout, and the
 * `language` header), as GraphQL-over-HTTP: POST {query, variables}, accepting
 * `application/graphql-response+json`.
 * Errors throw the first error's message and extensions (team-plan §7), also when the server
 * refuses the request with a 4xx that carries them.
 */
export async function graphqlRequest<
  TData,
  TVariables extends Record<string, unknown> = Record<string, never>,
>(api: ApiClient, document: string, variables?: TVariables): Promise<TData> {
  let answer: GraphqlAnswer<TData>;
  try {
    answer = await api.post<GraphqlAnswer<TData>>(
      GRAPHQL_PATH,
      { query: document, variables: variables ?? {} },
      {
        base: 'root',
        headers: {
          Accept: 'application/graphql-response+json, application/json',
          [GRAPHQL_LANGUAGE_HEADER]: api.locale(),
        },
      },
    );
  } catch (error) {
    throw (isApiError(error) && firstError(error.body)) || error;
  }
  const error = firstError(answer);
  if (error) throw error;
  if (!answer.data) throw new GraphqlError('The answer had no data.', { code: 'INTERNAL_SERVER_ERROR' });
  return answer.data;
}

/** The operation named `name` out of a `.graphql` document (with the fragments it uses). */
export function operation(document: string, name: string): string {
  const blocks = document.split(/\n(?=(?:query|mutation|fragment) )/);
  const wanted = blocks.find((block) => new RegExp(`^(query|mutation) ${name}\\b`).test(block.trim()));
  if (!wanted) throw new Error(`No operation ${name} in the document.`);
  const fragments = blocks.filter(
    (block) => block.trim().startsWith('fragment ') && wanted.includes(`...${block.trim().split(/\s+/)[1]}`),
  );
  return [wanted, ...fragments].join('\n');
}
