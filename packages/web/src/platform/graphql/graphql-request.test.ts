import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api';
import { GRAPHQL_PATH, graphqlRequest } from './graphql-request';

/** An API client whose fetch records each request and answers `data: {ok: true}`. */
function recordingClient(cookies: string, languages: readonly string[]) {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const api = new ApiClient({
    cookies: () => cookies,
    navigatorLanguage: () => languages,
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      requests.push({ url: String(input), headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ data: { ok: true } }), {
        headers: { 'Content-Type': 'application/graphql-response+json' },
      });
    }) as typeof fetch,
  });
  return { api, requests };
}

describe('graphqlRequest', () => {
  it('sends the language header from the locale cookie (platform §7)', async () => {
    const { api, requests } = recordingClient('ud_locale=pt_BR', ['en-US']);
    await expect(graphqlRequest(api, 'query Ok { ok }')).resolves.toEqual({ ok: true });
    expect(requests[0]?.url).toBe(GRAPHQL_PATH);
    expect(requests[0]?.headers).toMatchObject({ language: 'pt-BR', 'Accept-Language': 'pt-BR' });
  });

  it("sends the browser's language we speak when there is no locale cookie", async () => {
    const { api, requests } = recordingClient('', ['de-DE', 'ja-JP']);
    await graphqlRequest(api, 'query Ok { ok }');
    expect(requests[0]?.headers.language).toBe('ja-JP');
  });
});
