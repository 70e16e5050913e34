import type { CurrencyCode } from '../money/currencies.js';
import type { CurrencyFormatterInfo } from '../money/currency-formatter.js';
import type { UserSettings } from '../settings/user-settings.js';
import type { SalesLinks } from '../subscriptions/sales-contact.js';

/**
 * The response of `GET /api-2.0/contexts/me/` (platform §3, §7). Each top-level key is
 * present only when its flag was requested (`?me=True&visiting=True&...`).
 */
export interface UserContextResponse {
  me?: Me;
  visiting?: Visiting;
  request?: RequestInfo;
  Config?: ConfigInfo;
  experiment?: ExperimentInfo;
  user_specific_tracking?: UserSpecificTracking;
}

export const USER_CONTEXT_FLAGS = [
  'me',
  'visiting',
  'request',
  'Config',
  'experiment',
  'user_specific_tracking',
] as const;
export type UserContextFlag = (typeof USER_CONTEXT_FLAGS)[number];

export type OrganizationRole = 'owner' | 'admin' | 'group_admin' | 'student';
export type OrganizationType = 'Team' | 'Enterprise';

export interface CurrentOrganization {
  id: number;
  title: string;
  type: OrganizationType;
  role: OrganizationRole;
  permissions: { permission: string }[];
  is_pro_license_holder: boolean;
}

export interface AnonymousMe {
  is_authenticated: false;
  id: null;
}

export interface AuthenticatedMe {
  is_authenticated: true;
  id: number;
  encrypted_id: string;
  email: string;
  name: string;
  surname: string;
  display_name: string;
  language: string;
  locale: string;
  country: string;
  time_zone: string | null;
  created: string;
  has_made_paid_purchase: boolean;
  number_of_courses_purchased: number;
  consumer_subscription_active: boolean;
  /** The marketplace's own staff, who may open the operator pages (experiments). */
  is_operator: boolean;
  credit: { amount: number; currency: CurrencyCode };
  organization: CurrentOrganization | null;
  /** Platform §3: all ten settings, resolved by the read rules of platform §5. */
  settings: UserSettings;
}

export type Me = AnonymousMe | AuthenticatedMe;

export interface Visiting {
  visitor_uuid: string;
  first_visit_time: string;
}

export interface RequestInfo {
  language: string;
  locale: string;
  /** The price country decides the currency (design §3). */
  price_country: string;
  currency: CurrencyCode;
  display_type: string | null;
}

export interface ConfigInfo {
  brand: {
    name: string;
    business_name: string;
    has_organization: boolean;
    is_enterprise_china: boolean;
  };
  price_country: { id: string; currency_formatter: CurrencyFormatterInfo };
  urls: { root: string; help: string };
  /**
   * Who sells (SELLER_NAME, SELLER_ADDRESS, SUPPORT_EMAIL): the legal pages name them, as
   * receipts do; the address is null when the operator has not configured one.
   */
  seller: { name: string; address: string | null; support_email: string };
  /** Where the subscription pages send people to sales: the back office's settings or their defaults. */
  sales: SalesLinks;
  third_party: { external_sources_enabled: boolean; third_party_marketing_enabled: boolean };
  env: 'development' | 'test' | 'production';
}

export interface FeatureVariantAssignment {
  featureCode: string;
  configuration: Record<string, unknown>;
  isInExperiment: boolean;
  experimentIds: number[];
}

export interface ExperimentInfo {
  assignments: FeatureVariantAssignment[];
}

export interface UserSpecificTracking {
  is_organization_admin: boolean;
  is_group_admin: boolean;
  is_organization_user: boolean;
  is_consumer_subscriber: boolean;
}

/** Body of `PATCH /api-2.0/users/me/`. */
export interface UpdateMeBody {
  time_zone: string;
}

/** Body of a successful signup or login. */
export interface AuthResponse {
  me: AuthenticatedMe;
}
