import { toApiPrice, type CreditHistoryResponse } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { pageLinks, pageQuery } from '../../platform/http/pagination.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { CreditService } from './credit.service.js';

const historyQuery = z.object(pageQuery);

export const creditRoutes: FastifyPluginAsyncZod<{
  credit: CreditService;
  userContext: UserContextService;
}> = async (app, { credit, userContext }) => {
  // `dashboard/credit-history` (platform §2): the signed-in user's ledger, newest first.
  app.get(
    '/api-2.0/users/me/credit-history/',
    { config: SIGNED_IN, schema: { querystring: historyQuery } },
    async (request): Promise<CreditHistoryResponse> => {
      const userId = requireUserId(request);
      const { page, page_size: size } = request.query;
      const pricing = await userContext.pricingContextOf(request);
      const [history, balance] = await Promise.all([
        credit.historyOf(userId, { number: page, size }),
        credit.balanceOf(userId, pricing.currency),
      ]);
      return {
        count: history.count,
        ...pageLinks(request.url, page, size, history.count),
        balance: toApiPrice(balance, pricing.intlLocale, { freeWhenZero: false }),
        results: history.results.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          amount: toApiPrice(entry.amount, pricing.intlLocale, { freeWhenZero: false }),
          reason: entry.reason,
          created: entry.createdAt.toISOString(),
        })),
      };
    },
  );
};
