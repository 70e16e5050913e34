import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api';
import { GRAPHQL_PATH, GraphqlError, graphqlRequest } from './graphql-request';
import { PERSISTED_OPERATIONS } from './persisted-operations.generated';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  signal: AbortSignal | null | undefined;
}

/** An API client whose fetch records each request and answers with `answers` in turn (the last repeats). */
function recordingClient(
  answers: { status?: number; body: unknown }[] = [{ body: { data: { ok: true } } }],
  { cookies = '', languages = ['en-US'] }: { cookies?: string; languages?: readonly string[] } = {},
) {
  const requests: Sent[] = [];
  const api = new ApiClient({
    cookies: () => cookies,
    navigatorLanguage: () => languages,
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      requests.push({
        url: String(input),
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        signal: init.signal,
      });
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/graphql-response+json' },
      });
    }) as typeof fetch,
  });
  return { api, requests };
}

const NOT_FOUND = {
  status: 400,
  body: {
    errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
  },
};

describe('graphqlRequest', () => {
  it('sends a persisted query: the operation, its variables and its document hash, no text', async () => {
    const { api, requests } = recordingClient();
    await graphqlRequest(api, 'SubscriptionEnrollmentCancel', { id: '4' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(GRAPHQL_PATH);
    expect(requests[0]!.body).toEqual({
      operationName: 'SubscriptionEnrollmentCancel',
      variables: { id: '4' },
      extensions: {
        persistedQuery: {
          version: 1,
          sha256Hash: PERSISTED_OPERATIONS.SubscriptionEnrollmentCancel.sha256Hash,
        },
      },
    });
    expect(requests[0]!.body.extensions).toMatchObject({
      persistedQuery: { sha256Hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it('sends empty variables for an operation that takes none', async () => {
    const { api, requests } = recordingClient([{ body: { data: { currentSubscriptionEnrollment: null } } }]);
    await expect(graphqlRequest(api, 'CurrentSubscriptionEnrollment')).resolves.toEqual({
      currentSubscriptionEnrollment: null,
    });
    expect(requests[0]!.body.variables).toEqual({});
  });

  it('sends the language header from the locale cookie (platform §7)', async () => {
    const { api, requests } = recordingClient(undefined, { cookies: 'ud_locale=pt_BR' });
    await graphqlRequest(api, 'CurrentSubscriptionEnrollment');
    expect(requests[0]!.headers).toMatchObject({ language: 'pt-BR', 'Accept-Language': 'pt-BR' });
  });

  it("sends the browser's language we speak when there is no locale cookie", async () => {
    const { api, requests } = recordingClient(undefined, { languages: ['de-DE', 'ja-JP'] });
    await graphqlRequest(api, 'CurrentSubscriptionEnrollment');
    expect(requests[0]!.headers.language).toBe('ja-JP');
  });

  it("throws the first error's message and extensions code, from a 200 answer", async () => {
    const { api } = recordingClient([
      {
        body: {
          data: null,
          errors: [
            { message: 'There is no such plan.', extensions: { code: 'NOT_FOUND' } },
            { message: 'Second.', extensions: { code: 'FORBIDDEN' } },
          ],
        },
      },
    ]);
    const error = await graphqlRequest(api, 'SubscriptionEnrollmentCancel', { id: '4' }).catch((e) => e);
    expect(error).toBeInstanceOf(GraphqlError);
    expect(error).toMatchObject({ message: 'There is no such plan.', code: 'NOT_FOUND' });
  });

  it('throws the error of a 4xx answer, with BAD_USER_INPUT field errors', async () => {
    const { api } = recordingClient([
      {
        status: 400,
        body: {
          errors: [
            {
              message: 'Check the highlighted fields.',
              extensions: {
                code: 'BAD_USER_INPUT',
                field_errors: { 'learningReminder.title': ['Too long.'] },
              },
            },
          ],
        },
      },
    ]);
    const error = (await graphqlRequest(api, 'CurrentSubscriptionEnrollment').catch(
      (e) => e,
    )) as GraphqlError;
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.fieldErrors).toEqual({ 'learningReminder.title': ['Too long.'] });
  });

  it('defaults the code to INTERNAL_SERVER_ERROR', async () => {
    const { api } = recordingClient([{ body: { errors: [{ message: 'Boom.' }] } }]);
    const error = (await graphqlRequest(api, 'CurrentSubscriptionEnrollment').catch(
      (e) => e,
    )) as GraphqlError;
    expect(error).toMatchObject({ message: 'Boom.', code: 'INTERNAL_SERVER_ERROR' });
    expect(error.fieldErrors).toEqual({});
  });

  it('falls back to the document text when the server does not know the hash (outside production)', async () => {
    const { api, requests } = recordingClient([
      NOT_FOUND,
      { body: { data: { currentSubscriptionEnrollment: null } } },
    ]);
    await expect(graphqlRequest(api, 'CurrentSubscriptionEnrollment')).resolves.toEqual({
      currentSubscriptionEnrollment: null,
    });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toMatchObject({
      operationName: 'CurrentSubscriptionEnrollment',
      variables: {},
    });
    expect(requests[1]!.body.query).toContain('query CurrentSubscriptionEnrollment');
    expect(requests[1]!.body).not.toHaveProperty('extensions');
  });

  it('throws PERSISTED_QUERY_NOT_FOUND when the text is refused too', async () => {
    const required = {
      status: 400,
      body: {
        errors: [{ message: 'Only persisted queries.', extensions: { code: 'PERSISTED_QUERY_REQUIRED' } }],
      },
    };
    const { api, requests } = recordingClient([NOT_FOUND, required]);
    const error = (await graphqlRequest(api, 'CurrentSubscriptionEnrollment').catch(
      (e) => e,
    )) as GraphqlError;
    expect(error.code).toBe('PERSISTED_QUERY_REQUIRED');
    expect(requests).toHaveLength(2);
  });

  it('passes the abort signal on', async () => {
    const { api, requests } = recordingClient();
    const controller = new AbortController();
    controller.abort();
    await graphqlRequest(api, 'CurrentSubscriptionEnrollment', {}, { signal: controller.signal }).catch(
      () => {},
    );
    expect(requests[0]!.signal?.aborted).toBe(true);
  });
});
