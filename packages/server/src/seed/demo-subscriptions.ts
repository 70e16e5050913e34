import { addInterval, chargeWithTax, money, periodPrice } from '@lectern/domain';
import type { Database } from '../platform/db/database.js';
import type { TaxComponent } from '../modules/tax/tax-provider.js';
import { taxLinesOf } from '../modules/tax/tax-lines.js';
import { createSubscriptionBillingRepository } from '../modules/subscriptions/subscription-billing.repository.js';
import { createSubscriptionsRepository } from '../modules/subscriptions/subscriptions.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Team-plan §9 and checkout §1 plans: the Team Plan per license per year or month (14-day trial,
 * 5 to 20 licenses, 10 by default) and the Personal Plan (7-day trial). Prices in the catalog's
 * main currencies; every other currency is sold in USD.
 */
export const DEMO_PLAN_PRICES = {
  'team-annual': {
    USD: 36000,
    EUR: 33000,
    GBP: 29000,
    CAD: 49000,
    AUD: 54000,
    JPY: 54000,
    INR: 2900000,
    BRL: 179000,
  },
  'team-monthly': {
    USD: 4000,
    EUR: 3700,
    GBP: 3200,
    CAD: 5400,
    AUD: 6000,
    JPY: 6000,
    INR: 320000,
    BRL: 19900,
  },
  'personal-annual': {
    USD: 24000,
    EUR: 22000,
    GBP: 19000,
    CAD: 32000,
    AUD: 36000,
    JPY: 36000,
    INR: 1900000,
    BRL: 119000,
  },
  'personal-monthly': {
    USD: 3000,
    EUR: 2800,
    GBP: 2400,
    CAD: 4000,
    AUD: 4500,
    JPY: 4500,
    INR: 240000,
    BRL: 14900,
  },
} as const;

export async function seedDemoPlans(db: Database) {
  const repository = createSubscriptionsRepository(db);
  const team = { defaultLicenses: 10, minimumLicenses: 5, maximumLicenses: 20 };
  await repository.insertPlan(
    { productType: 'TEAM', name: 'Team Plan', urlLearnMore: '/business/sign-up/' },
    [
      {
        id: 'team-annual',
        position: 0,
        renewalType: 'YEAR',
        trialDays: 14,
        unitPrices: DEMO_PLAN_PRICES['team-annual'],
        ...team,
      },
      {
        id: 'team-monthly',
        position: 1,
        renewalType: 'MONTH',
        trialDays: 14,
        unitPrices: DEMO_PLAN_PRICES['team-monthly'],
        ...team,
      },
    ],
  );
  await repository.insertPlan(
    { productType: 'CONSUMERSUBSCRIPTION', name: 'Personal Plan', urlLearnMore: '/personal-plan/' },
    [
      {
        id: 'personal-annual',
        position: 0,
        renewalType: 'YEAR',
        trialDays: 7,
        unitPrices: DEMO_PLAN_PRICES['personal-annual'],
      },
      {
        id: 'personal-monthly',
        position: 1,
        renewalType: 'MONTH',
        trialDays: 7,
        unitPrices: DEMO_PLAN_PRICES['personal-monthly'],
      },
    ],
  );
}

/** The tax of the demo organizations' billing address (Seattle, 98101). */
interface DemoTax {
  rate: number;
  /** The rates of the taxes that make up `rate` (state and city), each rounded on its own. */
  rates: readonly number[];
  /** Those taxes, as charges record them (`tax_lines`: what the tax report reads). */
  components: readonly TaxComponent[];
  country: string;
  zip: string | null;
}

/**
 * The demo's subscriptions: Acme Learning on an annual Team Plan for 10 licenses since a trial
 * 16 months ago (two yearly charges on record), Globex Training's monthly plan that expired
 * last week, the learner 2 days into a Personal Plan trial, and Initech's monthly plan past due
 * since its renewal was declined this morning (the back office's subscriptions console shows it).
 */
export async function seedDemoSubscriptions(
  db: Database,
  accounts: {
    acme: number;
    acmeOwner: number;
    globex: number;
    globexOwner: number;
    initech: number;
    initechOwner: number;
    learner: number;
  },
  tax: DemoTax,
  now = new Date(),
) {
  const repository = createSubscriptionsRepository(db);
  const usd = (amount: number) => money(amount, 'USD');
  const taxed = (unit: number, licenses: number) =>
    chargeWithTax(periodPrice(usd(unit), licenses), tax.rates, 'tax_exclusive');
  const base = {
    currency: 'USD',
    taxRate: String(tax.rate),
    taxMode: 'tax_exclusive',
  };

  // Acme: a 14-day trial, then yearly charges; the current period began 2 months ago.
  const acmeStart = new Date(now.getTime() - 14 * 30 * DAY_MS);
  const firstCharge = new Date(acmeStart.getTime() + 14 * DAY_MS);
  const renewal = addInterval(firstCharge, { type: 'YEAR', count: 1 });
  const acmeCharge = taxed(36000, 10);
  const acme = await repository.insertEnrollment(
    {
      ...base,
      subscriberType: 'organization',
      subscriberId: accounts.acme,
      priceOptionId: 'team-annual',
      status: 'ACTIVE',
      trialDays: 14,
      trialEnd: firstCharge,
      licenseCount: 10,
      unitPrice: 36000,
      chargeAmount: acmeCharge.total.amount,
      taxAmount: acmeCharge.tax.amount,
      currentPeriodStart: renewal,
      currentPeriodEnd: addInterval(renewal, { type: 'YEAR', count: 1 }),
      createdBy: accounts.acmeOwner,
      createdAt: acmeStart,
    },
    db,
  );
  // The profile before the charges: a charge keeps the billing country it was written in.
  const billing = (name: string, line1: string, by: number) => ({
    customerName: name,
    addressLine1: line1,
    country: tax.country,
    secondaryLocation: tax.zip,
    billingUpdatedBy: by,
    billingUpdatedAt: acmeStart,
  });
  await repository.insertProfile(
    {
      subscriberType: 'organization',
      subscriberId: accounts.acme,
      ...billing('Acme Learning Inc.', '1201 Third Avenue', accounts.acmeOwner),
    },
    db,
  );
  for (const [kind, at] of [
    ['first_period', firstCharge],
    ['renewal', renewal],
  ] as const) {
    await repository.insertCharge(
      {
        enrollmentId: acme.id,
        kind,
        licenses: 10,
        unitPrice: 36000,
        currency: 'USD',
        amount: acmeCharge.total.amount,
        taxAmount: acmeCharge.tax.amount,
        taxLines: taxLinesOf(tax.components, acmeCharge.taxParts),
        periodStart: at,
        periodEnd: addInterval(at, { type: 'YEAR', count: 1 }),
        cardBrand: 'visa',
        cardLast4: '4242',
        createdAt: at,
      },
      db,
    );
  }

  // Globex: a monthly plan of 5 licenses that expired a week ago (its owner can resubscribe).
  const globexEnd = new Date(now.getTime() - 7 * DAY_MS);
  const globexCharge = taxed(4000, 5);
  await repository.insertEnrollment(
    {
      ...base,
      subscriberType: 'organization',
      subscriberId: accounts.globex,
      priceOptionId: 'team-monthly',
      status: 'EXPIRED',
      trialDays: 0,
      licenseCount: 5,
      unitPrice: 4000,
      chargeAmount: globexCharge.total.amount,
      taxAmount: globexCharge.tax.amount,
      currentPeriodStart: new Date(globexEnd.getTime() - 30 * DAY_MS),
      currentPeriodEnd: globexEnd,
      cancelDate: new Date(globexEnd.getTime() - 20 * DAY_MS),
      createdBy: accounts.globexOwner,
      createdAt: new Date(now.getTime() - 200 * DAY_MS),
    },
    db,
  );
  await repository.insertProfile(
    {
      subscriberType: 'organization',
      subscriberId: accounts.globex,
      ...billing('Globex Training LLC', '500 Pine Street', accounts.globexOwner),
    },
    db,
  );

  // The learner: 2 days into a 7-day Personal Plan trial.
  const trialStart = new Date(now.getTime() - 2 * DAY_MS);
  const personal = taxed(24000, 1);
  await repository.insertEnrollment(
    {
      ...base,
      subscriberType: 'user',
      subscriberId: accounts.learner,
      priceOptionId: 'personal-annual',
      status: 'TRIAL',
      trialDays: 7,
      trialEnd: new Date(trialStart.getTime() + 7 * DAY_MS),
      licenseCount: 1,
      unitPrice: 24000,
      chargeAmount: personal.total.amount,
      taxAmount: personal.tax.amount,
      currentPeriodStart: trialStart,
      currentPeriodEnd: new Date(trialStart.getTime() + 7 * DAY_MS),
      createdBy: accounts.learner,
      createdAt: trialStart,
    },
    db,
  );

  // Initech: a monthly plan of 5 licenses, paid after its trial; this period's renewal was
  // declined 20 hours ago and is retried tomorrow (dunning), the plan past due meanwhile.
  const initechStart = new Date(now.getTime() - 44 * DAY_MS);
  const initechPaid = new Date(initechStart.getTime() + 14 * DAY_MS);
  const initechDue = new Date(now.getTime() - 20 * 60 * 60 * 1000);
  const initechCharge = taxed(4000, 5);
  const initech = await repository.insertEnrollment(
    {
      ...base,
      subscriberType: 'organization',
      subscriberId: accounts.initech,
      priceOptionId: 'team-monthly',
      status: 'PAST_DUE',
      trialDays: 14,
      trialEnd: initechPaid,
      licenseCount: 5,
      unitPrice: 4000,
      chargeAmount: initechCharge.total.amount,
      taxAmount: initechCharge.tax.amount,
      currentPeriodStart: initechPaid,
      currentPeriodEnd: initechDue,
      createdBy: accounts.initechOwner,
      createdAt: initechStart,
    },
    db,
  );
  await repository.insertProfile(
    {
      subscriberType: 'organization',
      subscriberId: accounts.initech,
      ...billing('Initech LLC', '4120 Freidrich Lane', accounts.initechOwner),
    },
    db,
  );
  await repository.insertCharge(
    {
      enrollmentId: initech.id,
      kind: 'first_period',
      licenses: 5,
      unitPrice: 4000,
      currency: 'USD',
      amount: initechCharge.total.amount,
      taxAmount: initechCharge.tax.amount,
      taxLines: taxLinesOf(tax.components, initechCharge.taxParts),
      periodStart: initechPaid,
      periodEnd: initechDue,
      cardBrand: 'mastercard',
      cardLast4: '4444',
      createdAt: initechPaid,
    },
    db,
  );
  const nextPeriodEnd = addInterval(initechDue, { type: 'MONTH', count: 1 });
  const invoice = await createSubscriptionBillingRepository(db).insertInvoice(
    {
      enrollmentId: initech.id,
      kind: 'renewal',
      status: 'open',
      periodStart: initechDue,
      periodEnd: nextPeriodEnd,
      licenses: 5,
      currency: 'USD',
      unitPrice: 4000,
      amount: initechCharge.total.amount,
      taxAmount: initechCharge.tax.amount,
      taxLines: taxLinesOf(tax.components, initechCharge.taxParts),
      taxRate: String(tax.rate),
      taxMode: 'tax_exclusive',
      attempts: 1,
      nextAttemptAt: new Date(initechDue.getTime() + DAY_MS),
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
      createdAt: initechDue,
      updatedAt: initechDue,
    },
    db,
  );
  await repository.insertCharge(
    {
      enrollmentId: initech.id,
      invoiceId: invoice?.id ?? null,
      kind: 'renewal',
      status: 'failed',
      licenses: 5,
      unitPrice: 4000,
      currency: 'USD',
      amount: initechCharge.total.amount,
      taxAmount: initechCharge.tax.amount,
      taxLines: taxLinesOf(tax.components, initechCharge.taxParts),
      periodStart: initechDue,
      periodEnd: nextPeriodEnd,
      cardBrand: 'mastercard',
      cardLast4: '4444',
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
      createdAt: initechDue,
    },
    db,
  );
}
