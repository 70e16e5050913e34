import { isCountryCode, loginSchema, setPasswordSchema, signupSchema } from '@lectern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '../../platform/auth/session.plugin.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import { PRICE_COUNTRY_COOKIE } from '../user-context/user-context.service.js';
import type { AuthService, ClientInfo } from './auth.service.js';
import type { PasswordSetLinks } from '../users/password-set-links.js';

export function clientOf(request: FastifyRequest): ClientInfo {
  const country = request.cookies[PRICE_COUNTRY_COOKIE]?.toUpperCase();
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    country: country && isCountryCode(country) ? country : undefined,
  };
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  userContext: UserContextService;
  secureCookies: boolean;
  /** Runs after a successful login or signup, before the answer (e.g. the visitor's cart merges). */
  onSignedIn?: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
  passwordLinks: PasswordSetLinks;
}> = async (app, { auth, userContext, passwordLinks, secureCookies, onSignedIn }) => {
  const respondSignedIn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    await onSignedIn?.(request, reply, userId);
    request.userId = userId;
    const me = await userContext.authenticatedMe(request);
    return { me };
  };

  const signupOptions = {
    schema: { body: signupSchema },
    // Before validation, so that malformed attempts count too.
    onRequest: async (request: FastifyRequest) => auth.countSignupAttempt(request.ip),
  };
  app.post('/api-2.0/auth/signup/', signupOptions, async (request, reply) => {
    const { user, token } = await auth.signup(request.body, clientOf(request));
    setSessionCookie(reply, token, secureCookies);
    reply.status(201);
    return respondSignedIn(request, reply, user.id);
  });

  app.post('/api-2.0/auth/login/', { schema: { body: loginSchema } }, async (request, reply) => {
    const previous = request.cookies[SESSION_COOKIE];
    const { user, token } = await auth.login(request.body, clientOf(request));
    // A fresh session id on every login prevents session fixation.
    if (previous) await auth.logout(previous);
    setSessionCookie(reply, token, secureCookies);
    return respondSignedIn(request, reply, user.id);
  });

  // A mailed one-time link (a guest checkout's account): sets the password, ends every session
  // of the account (in that transaction, on every instance), then signs this device in afresh.
  // The only route that sets or resets a password.
  app.post('/api-2.0/auth/set-password/', { schema: { body: setPasswordSchema } }, async (request, reply) => {
    const userId = await passwordLinks.use(request.body);
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await auth.logout(previous);
    const { token } = await auth.signIn(userId, clientOf(request));
    setSessionCookie(reply, token, secureCookies);
    return respondSignedIn(request, reply, userId);
  });

  app.post('/api-2.0/auth/logout/', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await auth.logout(token);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
};
