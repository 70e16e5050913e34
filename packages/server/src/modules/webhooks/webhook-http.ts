import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { allowedAddresses, RefusedAddressError } from './webhook-addresses.js';

/** Kept of an answer's body (the back office shows it); the rest is read no further. */
export const RESPONSE_BODY_KEPT_BYTES = 4096;

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Outside production loopback and private addresses are allowed (local receivers, tests). */
  allowPrivate: boolean;
}

export interface WebhookAnswer {
  /** Null when no answer came (refused address, connection error, timeout). */
  status: number | null;
  body: string | null;
  durationMs: number;
  error: string | null;
}

/**
 * Resolves the host itself and checks every address before connecting to it: the connection goes
 * to an address that passed the SSRF check, so a name that changes its answer between the check
 * and the connection (DNS rebinding) cannot slip through.
 */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, allowPrivate).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted === 0 ? found : found.filter((entry) => entry.family === wanted);
        if (usable.length === 0) {
          callback(new RefusedAddressError(`The host ${hostname} has no IPv${wanted} address.`), '', 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: typeof usable) => void)(null, usable);
        } else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

/** Reads at most RESPONSE_BODY_KEPT_BYTES of the answer, then stops. */
function keptBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_KEPT_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_BODY_KEPT_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

/**
 * POSTs one signed delivery: no redirects followed (a 3xx is a failed attempt, as Stripe counts
 * it), no connection kept, the whole exchange bounded by `timeoutMs`.
 */
export function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(post.url);
  } catch {
    return Promise.resolve({
      status: null,
      body: null,
      durationMs: 0,
      error: 'The endpoint URL is not valid.',
    });
  }
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: elapsed() });
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      agent: false,
      lookup: checkedLookup(post.allowPrivate),
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `No answer within ${post.timeoutMs / 1000} s.` });
      request.destroy();
    }, post.timeoutMs);
    request.on('response', (response) => {
      void keptBody(response).then((body) => {
        finish({ status: response.statusCode ?? null, body, error: null });
        request.destroy();
      });
    });
    request.on('error', (error: Error & { code?: string }) => {
      const message =
        error instanceof RefusedAddressError
          ? error.message
          : `${error.code ? `${error.code}: ` : ''}${error.message}`.slice(0, 500);
      finish({ status: null, body: null, error: message });
    });
    request.end(post.body);
  });
}
