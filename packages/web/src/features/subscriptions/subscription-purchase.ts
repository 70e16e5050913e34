import { SUBSCRIPTION_MESSAGES, type LicensePurchase, type SubscriptionSubmitEvent } from '@lectern/domain';
import type { SubscriptionProductType } from '../../platform/graphql/graphql-types.generated';
import type { SubscriptionInfoEvent } from './subscription-api';

/** Which purchase a checkout page makes (team-plan §2 routes, checkout §1 products). */
export type SubscriptionPurchase = 'team' | 'upsell' | 'resubscribe' | 'personal';

export interface PurchaseConfig {
  productType: SubscriptionProductType;
  infoEvent: SubscriptionInfoEvent;
  submitEvent: SubscriptionSubmitEvent;
  /** The license picker's rules; null: no picker (a personal plan has no licenses). */
  licenses: LicensePurchase | null;
  /** Upsell and resubscribe change the current enrollment (its checkout reference goes on the buyable). */
  changesEnrollment: boolean;
  /** The buyer picks the billing interval (an upsell keeps the running plan's). */
  choosesInterval: boolean;
  /** The billing address form; an upsell bills the address already on file. */
  billingForm: boolean;
  /** Organization purchases name the company (team-plan §5) and put the card name last (checkout §2). */
  organization: boolean;
}

export const PURCHASES: Record<SubscriptionPurchase, PurchaseConfig> = {
  team: {
    productType: 'TEAM',
    infoEvent: 'Info',
    submitEvent: 'Submit',
    licenses: 'new',
    changesEnrollment: false,
    choosesInterval: true,
    billingForm: true,
    organization: true,
  },
  upsell: {
    productType: 'TEAM',
    infoEvent: 'UpsellInfo',
    submitEvent: 'UpsellSubmit',
    licenses: 'upsell',
    changesEnrollment: true,
    choosesInterval: false,
    billingForm: false,
    organization: true,
  },
  resubscribe: {
    productType: 'TEAM',
    infoEvent: 'ResubscribeSubmit',
    submitEvent: 'ResubscribeSubmit',
    licenses: 'resubscribe',
    changesEnrollment: true,
    choosesInterval: true,
    billingForm: true,
    organization: true,
  },
  personal: {
    productType: 'CONSUMERSUBSCRIPTION',
    infoEvent: 'Info',
    submitEvent: 'Submit',
    licenses: null,
    changesEnrollment: false,
    choosesInterval: true,
    billingForm: true,
    organization: false,
  },
};

/** Team-plan §2 titles; the brand becomes the business edition's name in the domain texts. */
export function purchaseTitle(purchase: SubscriptionPurchase, brand: string): string {
  switch (purchase) {
    case 'upsell':
      return SUBSCRIPTION_MESSAGES.buyLicensesTitle;
    case 'resubscribe':
      return SUBSCRIPTION_MESSAGES.resubscribeTitle(brand);
    case 'personal':
      return SUBSCRIPTION_MESSAGES.personalPlanName;
    default:
      return SUBSCRIPTION_MESSAGES.buyTeamPlanTitle(brand);
  }
}
