import type { OperationName } from '../platform/graphql/graphql-request';
import { json, type FakeHandler, type RecordedRequest } from './fake-server';

/** What the web app's GraphQL client sends (a persisted query, decision 0028). */
export interface GraphqlCall {
  operationName: string;
  variables: Record<string, unknown>;
  sha256Hash: string | undefined;
  /** Only when the client fell back to the text. */
  query: string | undefined;
}

/** The operation a recorded request to the GraphQL endpoint asked for. */
export function graphqlCall(request: RecordedRequest): GraphqlCall {
  const body = (request.body ?? {}) as {
    operationName?: string;
    variables?: Record<string, unknown>;
    query?: string;
    extensions?: { persistedQuery?: { sha256Hash?: string } };
  };
  return {
    operationName: body.operationName ?? '',
    variables: body.variables ?? {},
    sha256Hash: body.extensions?.persistedQuery?.sha256Hash,
    query: body.query,
  };
}

/** The GraphQL calls among a fake server's requests, in order. */
export function graphqlCalls(requests: readonly RecordedRequest[]): GraphqlCall[] {
  return requests.filter((request) => request.path.includes('/graphql/')).map(graphqlCall);
}

/** A resolver's refusal: answered as `{errors: [{message, extensions}]}`. */
export class FakeGraphqlFailure {
  constructor(
    readonly message: string,
    readonly extensions: Record<string, unknown> = { code: 'INTERNAL_SERVER_ERROR' },
  ) {}
}

/** BAD_USER_INPUT with field errors, as the server's edge validation answers. */
export const badUserInput = (fieldErrors: Record<string, string[]>, message = 'Invalid input.') =>
  new FakeGraphqlFailure(message, { code: 'BAD_USER_INPUT', field_errors: fieldErrors });

type Resolver = (
  variables: Record<string, unknown>,
  request: RecordedRequest,
) => unknown | FakeGraphqlFailure | Promise<unknown>;

/**
 * A fake GraphQL endpoint answering each operation by name: a resolver's value becomes `data`,
 * a returned or thrown `FakeGraphqlFailure` the errors. An operation without a resolver is an
 * error, so a test notices a call it did not expect.
 */
export function fakeGraphql(resolvers: Partial<Record<OperationName, Resolver>>): FakeHandler {
  return async (request) => {
    const { operationName, variables } = graphqlCall(request);
    const resolve = resolvers[operationName as OperationName];
    if (!resolve) {
      return json({
        errors: [{ message: `No fake for ${operationName}.`, extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    let result: unknown;
    try {
      result = await resolve(variables, request);
    } catch (error) {
      if (!(error instanceof FakeGraphqlFailure)) throw error;
      result = error;
    }
    if (result instanceof FakeGraphqlFailure) {
      return json({ errors: [{ message: result.message, extensions: result.extensions }] });
    }
    return json({ data: result });
  };
}
