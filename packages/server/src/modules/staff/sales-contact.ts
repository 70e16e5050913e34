import {
  PAGE_ROUTES,
  salesLinksOf,
  type SalesContactDefaults,
  type SalesContactSettings,
  type SalesLinks,
} from '@lectern/domain';
import { createAnnouncedCache } from '../../platform/db/announced-cache.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import { createStaffRepository } from './staff.repository.js';

/** Announced by a trigger on `back_office_settings` (migration 0026) whenever the row changes. */
export const BACK_OFFICE_SETTINGS_CHANGED_CHANNEL = 'lectern_back_office_settings_changed';

/** One row, read for every page's user context: kept until a change is announced (a bound if one is lost). */
const SALES_CONTACT_CACHE = { ttlMs: 5 * 60_000, maxEntries: 1 } as const;

/**
 * What an unset sales contact stands for (issue 34): the seller's support address, and this
 * shop's own support page (its "Contact us" and "Team Plan licenses" sections) rather than a
 * sales site the operator may not have.
 */
export function salesContactDefaults(config: {
  publicUrl: string;
  seller: { supportEmail: string };
}): SalesContactDefaults {
  const support = `${config.publicUrl}${PAGE_ROUTES.support}`;
  return {
    sales_email: config.seller.supportEmail,
    request_demo_url: `${support}#help-contact`,
    enterprise_upgrade_url: `${support}#help-contact`,
    compare_plans_url: `${support}#help-team-plan`,
  };
}

/**
 * The sales contacts set in the back office, as the user context's `Config.sales` gives them
 * to the web app: read once per instance and kept while no change is announced, so a page's
 * context costs no query for them.
 */
export function createSalesContact(deps: {
  db: Database;
  config: { publicUrl: string; seller: { supportEmail: string } };
}) {
  const repository = createStaffRepository(deps.db);
  const kept = createAnnouncedCache<SalesContactSettings>({
    channel: BACK_OFFICE_SETTINGS_CHANGED_CHANNEL,
    ...SALES_CONTACT_CACHE,
  });
  const defaults = salesContactDefaults(deps.config);

  return {
    watchChanges: (listen: DatabaseHandle['listen']) => kept.watch(listen),
    defaults,
    /** The links the pages use: each setting or its default, with team-plan §2's parameters. */
    async links(): Promise<SalesLinks> {
      return salesLinksOf(await kept.read(0, 'sales-contact', () => repository.salesContact()), defaults);
    },
    /** After a change on this instance: its next read is fresh before the announcement comes back. */
    forget: () => kept.forget('everyone'),
  };
}

export type SalesContact = ReturnType<typeof createSalesContact>;
