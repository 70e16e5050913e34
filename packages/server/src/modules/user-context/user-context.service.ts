import {
  assignmentUnitId,
  businessBrandName,
  currencyForCountry,
  currencyFormatterInfo,
  isCountryCode,
  isOrganizationAdmin,
  LOCALE_COOKIE,
  START_FEATURE_CODES,
  supportedLocaleFor,
  type AssignmentUnit,
  type AuthenticatedMe,
  type CurrencyCode,
  type UserContextFlag,
  type UserContextResponse,
} from '@lectern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config/config.js';
import { prepareCombinedRead } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import type { CreditService } from '../credit/credit.service.js';
import type { ExperimentsService } from '../experiments/experiments.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { OrganizationsService } from '../organizations/organizations.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SalesContact } from '../staff/sales-contact.js';
import type { UserProfile, UsersService } from '../users/users.service.js';
import { existingVisiting, visitingOf } from './visitor-cookie.js';

export const PRICE_COUNTRY_COOKIE = 'price_country';

export interface PricingContext {
  country: string;
  currency: CurrencyCode;
  /** Underscore form, as the API reports it: "en_US". */
  locale: string;
  /** BCP 47 form for Intl: "en-US". */
  intlLocale: string;
}

interface Dependencies {
  db: Database;
  config: AppConfig;
  users: UsersService;
  organizations: OrganizationsService;
  credit: CreditService;
  orders: OrdersService;
  settings: SettingsService;
  experiments: ExperimentsService;
  salesContact: Pick<SalesContact, 'links'>;
  now?: () => Date;
}

/** "de-DE,de;q=0.9" → "de_DE"; the first language the browser prefers, as a locale. */
function localeFromHeader(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || !/^[a-zA-Z]{2,3}(-[a-zA-Z]{2})?$/.test(first)) return null;
  const [language = 'en', region] = first.split('-');
  return region ? `${language.toLowerCase()}_${region.toUpperCase()}` : language.toLowerCase();
}

export function createUserContextService({
  db,
  config,
  users,
  organizations,
  credit,
  orders,
  settings,
  experiments,
  salesContact,
  now = () => new Date(),
}: Dependencies) {
  // The signed-in user is loaded at most once per request, however many parts need it.
  const userCache = new WeakMap<FastifyRequest, Promise<UserProfile | null>>();
  const currentUser = (request: FastifyRequest): Promise<UserProfile | null> => {
    if (request.userId === null) return Promise.resolve(null);
    let pending = userCache.get(request);
    if (!pending) {
      pending = users.findById(request.userId);
      userCache.set(request, pending);
    }
    return pending;
  };

  async function pricingContextOf(request: FastifyRequest): Promise<PricingContext> {
    const user = await currentUser(request);
    const cookieCountry = request.cookies[PRICE_COUNTRY_COOKIE]?.toUpperCase();
    const country = user?.country ?? (cookieCountry && isCountryCode(cookieCountry) ? cookieCountry : 'US');
    // The language picker's choice (the locale cookie) wins: prices read in the page's language.
    const chosen = request.cookies[LOCALE_COOKIE];
    const chosenLocale = chosen ? supportedLocaleFor(chosen)?.replace('-', '_') : undefined;
    const locale =
      chosenLocale ?? user?.locale ?? localeFromHeader(request.headers['accept-language']) ?? 'en_US';
    return { country, currency: currencyForCountry(country), locale, intlLocale: locale.replace('_', '-') };
  }

  // Everything `me` shows beyond the profile, owned by four features, in one round trip.
  const meFacts = prepareCombinedRead(db, 'user_context_me', {
    organization: organizations.reads.currentOrganization,
    balances: credit.reads.balances,
    purchases: orders.reads.purchaseSummary,
    settings: settings.reads.userSettings,
  });

  async function meOf(user: UserProfile, currency: CurrencyCode): Promise<AuthenticatedMe> {
    const {
      organization,
      balances,
      purchases,
      settings: userSettings,
    } = await meFacts.execute({ userId: user.id });
    return {
      is_authenticated: true,
      id: user.id,
      encrypted_id: user.encryptedId,
      email: user.email,
      name: user.name,
      surname: user.surname,
      display_name: user.displayName,
      language: user.language,
      locale: user.locale,
      country: user.country,
      time_zone: user.timeZone,
      created: user.createdAt.toISOString(),
      has_made_paid_purchase: purchases.hasMadePaidPurchase,
      number_of_courses_purchased: purchases.numberOfCoursesPurchased,
      consumer_subscription_active: false,
      is_operator: user.isOperator,
      credit: { amount: balances.get(currency)?.amount ?? 0, currency },
      organization,
      settings: userSettings,
    };
  }

  /**
   * Who is being assigned to experiments: the signed-in user (the same variants on every
   * device), else the visitor, whose cookie is set now if this is their first request.
   */
  async function assignmentUnitOf(
    request: FastifyRequest,
    reply: FastifyReply,
    attributes: Readonly<Record<string, string>> = {},
    /** The request's pricing context when the caller has it already. */
    known?: PricingContext,
  ): Promise<AssignmentUnit> {
    const pricing = known ?? (await pricingContextOf(request));
    const userId = request.userId;
    const visitor =
      userId === null ? visitingOf(request, reply, now(), config.isProduction).visitor_uuid : '';
    return {
      unitId: assignmentUnitId(userId, visitor),
      loggedIn: userId !== null,
      country: pricing.country,
      locale: pricing.locale,
      attributes,
    };
  }

  return {
    pricingContextOf,
    assignmentUnitOf,
    /** The visitor id of the `lectern_visitor` cookie, or null when there is none yet. */
    visitorIdOf(request: FastifyRequest): string | null {
      return existingVisiting(request, now())?.visitor_uuid ?? null;
    },
    /** The visitor id, setting the `lectern_visitor` cookie first when there is none (a visitor's first write). */
    ensureVisitorId(request: FastifyRequest, reply: FastifyReply): string {
      return visitingOf(request, reply, now(), config.isProduction).visitor_uuid;
    },

    /** The signed-in user's `me` record, or null when the session's user no longer exists. */
    async authenticatedMe(request: FastifyRequest): Promise<AuthenticatedMe | null> {
      const user = await currentUser(request);
      if (!user) return null;
      return meOf(user, (await pricingContextOf(request)).currency);
    },

    /** Platform §7: only the requested parts are computed and returned. */
    async contextOf(
      request: FastifyRequest,
      reply: FastifyReply,
      flags: ReadonlySet<UserContextFlag>,
      displayType: string | null,
    ): Promise<UserContextResponse> {
      const [user, pricing] = await Promise.all([currentUser(request), pricingContextOf(request)]);
      const me = user ? await meOf(user, pricing.currency) : null;
      const role = me?.organization?.role ?? null;
      const response: UserContextResponse = {};
      if (flags.has('me')) response.me = me ?? { is_authenticated: false, id: null };
      if (flags.has('visiting')) response.visiting = visitingOf(request, reply, now(), config.isProduction);
      if (flags.has('request')) {
        response.request = {
          language: pricing.locale.split('_')[0] ?? 'en',
          locale: pricing.locale,
          price_country: pricing.country,
          currency: pricing.currency,
          display_type: displayType,
        };
      }
      if (flags.has('Config')) {
        response.Config = {
          brand: {
            name: config.brandName,
            business_name: businessBrandName(config.brandName),
            has_organization: me?.organization != null,
            is_enterprise_china: false,
          },
          price_country: {
            id: pricing.country,
            currency_formatter: currencyFormatterInfo(pricing.currency, pricing.intlLocale),
          },
          urls: { root: `${config.publicUrl}/`, help: `${config.publicUrl}/support/` },
          seller: {
            name: config.seller.name,
            address: config.seller.address,
            support_email: config.seller.supportEmail,
          },
          sales: await salesContact.links(),
          third_party: {
            external_sources_enabled: config.thirdParty.externalSourcesEnabled,
            third_party_marketing_enabled: config.thirdParty.thirdPartyMarketingEnabled,
          },
          env: config.env,
        };
      }
      if (flags.has('experiment')) {
        // Platform §7: the assignments of every feature a page may need at start.
        const unit = await assignmentUnitOf(request, reply, {}, pricing);
        response.experiment = { assignments: await experiments.assign(START_FEATURE_CODES, unit) };
      }
      if (flags.has('user_specific_tracking')) {
        response.user_specific_tracking = {
          is_organization_admin: isOrganizationAdmin(role),
          is_group_admin: role === 'group_admin',
          is_organization_user: role !== null,
          is_consumer_subscriber: me?.consumer_subscription_active ?? false,
        };
      }
      return response;
    },
  };
}

export type UserContextService = ReturnType<typeof createUserContextService>;
