import { isDatabaseId } from '../../platform/http/database-id.js';
import { validationError } from '../../platform/http/http-error.js';
import { signedInUserId } from '../../platform/graphql/graphql-input.js';
import type { GraphqlContext, GraphqlPart } from '../../platform/graphql/graphql-endpoint.js';
import type {
  MutationSubscriptionEnrollmentCancelArgs,
  MutationSubscriptionEnrollmentReactivateArgs,
  QuerySubscriptionPlansByProductTypeArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** Team-plan §3 and §7: plans, the current enrollment, cancel and reactivate. */
export const subscriptionsTypeDefs = /* GraphQL */ `
  """
  Money in integer minor units of its currency (design §3): 36000 USD is $360.00.
  """
  type Money {
    amount: SafeInt!
    currency: String!
  }

  enum SubscriptionProductType {
    CONSUMERSUBSCRIPTION
    ENTERPRISE
    ENTERPRISEPRO
    TEAM
    UDEMYPRO
  }

  enum DateIntervalType {
    DAY
    WEEK
    MONTH
    YEAR
  }

  type DateInterval {
    type: DateIntervalType!
    count: Int!
  }

  type SubscriptionTrial {
    dateInterval: DateInterval!
  }

  type LicenseContext {
    unitPrice: Money!
    licenseCount: Int!
    defaultLicenseCount: Int!
    minimumLicenseCount: Int!
    maximumLicenseCount: Int!
  }

  type SubscriptionPlanPriceOption {
    id: ID!
    listPrice: Money!
    renewalInterval: DateInterval!
    trial: SubscriptionTrial
    """
    Plans sold per license (Team Plan); null for a personal plan.
    """
    licenseContext: LicenseContext
    """
    Annual options: what paying monthly for a year would cost more.
    """
    annualSavings: Money
    """
    Annual options: the price per month.
    """
    monthlyPrice: Money
  }

  type SubscriptionPlan {
    id: ID!
    productType: SubscriptionProductType!
    name: String!
    urlLearnMore: String
    urlExpressCheckout: String
    priceOptions: [SubscriptionPlanPriceOption!]!
  }

  enum SubscriptionEnrollmentStatus {
    ACTIVE
    CANCELED
    EXPIRED
    FUTURE
    TRIAL
  }

  enum SubscriberType {
    ORGANIZATION
    USER
  }

  type SubscriptionSubscriber {
    type: SubscriberType!
    id: ID!
  }

  type SubscriptionBilling {
    """
    The next charge: every license for one period, tax included.
    """
    chargePrice: Money!
    taxPrice: Money!
    taxRate: Float!
    currentPeriodStartDate: DateTime!
    currentPeriodEndDate: DateTime!
  }

  enum SubscriptionPaymentIssueStatus {
    "A period charge failed; it is retried on a schedule and the plan keeps its access meanwhile."
    PAST_DUE
    "The bank asks the admin to authenticate the charge (3-D Secure) at authenticateUrl."
    ACTION_REQUIRED
  }

  "A period charge that has not gone through yet (the plan is past due)."
  type SubscriptionPaymentIssue {
    status: SubscriptionPaymentIssueStatus!
    amount: Money!
    "The provider's reason for the last failure."
    message: String
    "When the card is tried again (null after the last scheduled retry)."
    nextAttemptDate: DateTime
    authenticateUrl: String
  }

  type SubscriptionEnrollment {
    id: ID!
    subscriber: SubscriptionSubscriber!
    checkoutReference: String!
    productType: SubscriptionProductType!
    priceOptionId: ID!
    renewalInterval: DateInterval!
    trialInterval: DateInterval
    trialEndDate: DateTime
    cancelDate: DateTime
    status: SubscriptionEnrollmentStatus!
    licenseCount: Int!
    usedLicenseCount: Int!
    billing: SubscriptionBilling!
    "Set while a period charge is past due; null when payments are in order."
    paymentIssue: SubscriptionPaymentIssue
  }

  extend type Query {
    """
    Every plan sold online, priced in the caller's currency.
    """
    subscriptionPlans: [SubscriptionPlan!]!
    """
    The plans of one product type, list prices for licenseCount licenses (the plan's default when absent).
    """
    subscriptionPlansByProductType(
      productType: SubscriptionProductType!
      licenseCount: Int
    ): [SubscriptionPlan!]!
    """
    The signed-in user's organization plan when they are its owner or admin, else their personal plan.
    """
    currentSubscriptionEnrollment: SubscriptionEnrollment
  }

  extend type Mutation {
    """
    Cancels at the period end: access stays until then (status CANCELED).
    """
    subscriptionEnrollmentCancel(id: ID!): SubscriptionEnrollment!
    """
    Undoes a cancellation before the period end; nothing is charged today.
    """
    subscriptionEnrollmentReactivate(id: ID!): SubscriptionEnrollment!
  }
`;

function idOf(value: string): number {
  if (!isDatabaseId(value)) throw validationError({ id: ['id must be a subscription enrollment id.'] });
  return Number(value);
}

export function subscriptionsGraphql(deps: {
  subscriptions: SubscriptionsService;
  userContext: UserContextService;
}): GraphqlPart {
  const { subscriptions, userContext } = deps;
  const currencyOf = async (context: GraphqlContext) =>
    (await userContext.pricingContextOf(context.request)).currency;
  return {
    typeDefs: subscriptionsTypeDefs,
    query: {
      subscriptionPlans: async (_args: Record<string, never>, context: GraphqlContext) =>
        subscriptions.plans(await currencyOf(context)),
      subscriptionPlansByProductType: async (
        args: QuerySubscriptionPlansByProductTypeArgs,
        context: GraphqlContext,
      ) => {
        const count = args.licenseCount ?? undefined;
        if (count !== undefined && (count < 1 || count > 100_000)) {
          throw validationError({ licenseCount: ['licenseCount must be a positive number of licenses.'] });
        }
        return subscriptions.plans(await currencyOf(context), args.productType, count);
      },
      currentSubscriptionEnrollment: async (_args: Record<string, never>, context: GraphqlContext) =>
        subscriptions.currentEnrollment(signedInUserId(context)),
    },
    mutation: {
      subscriptionEnrollmentCancel: (
        args: MutationSubscriptionEnrollmentCancelArgs,
        context: GraphqlContext,
      ) => subscriptions.cancel(signedInUserId(context), idOf(args.id)),
      subscriptionEnrollmentReactivate: (
        args: MutationSubscriptionEnrollmentReactivateArgs,
        context: GraphqlContext,
      ) => subscriptions.reactivate(signedInUserId(context), idOf(args.id)),
    },
  };
}
