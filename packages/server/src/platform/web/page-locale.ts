import { LOCALE_COOKIE, negotiateLocale, type SupportedLocale } from '@lectern/domain';
import type { FastifyRequest } from 'fastify';

/** The locale a page is rendered in: the locale cookie, else Accept-Language, else en-US. */
export function pageLocale(request: FastifyRequest): SupportedLocale {
  return negotiateLocale({
    cookie: request.cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}
