import { ACTIVITY_KINDS, BILLING_INFO_LIMITS } from '@lectern/domain';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { pageQuery } from '../../platform/http/pagination.js';

export const ROLES = ['owner', 'admin', 'group_admin', 'student'] as const;
const role = z.enum(ROLES, { error: 'role must be one of owner, admin, group_admin, student.' });

export const organizationParams = z.object({
  organizationId: databaseId('organizationId must be an organization id.', { coerce: true }),
});
export const receiptParams = organizationParams.extend({
  paymentId: databaseId('paymentId must be a receipt id.', { coerce: true }),
});
export const memberParams = organizationParams.extend({
  userId: databaseId('userId must be a user id.', { coerce: true }),
});
export const invitationParams = organizationParams.extend({
  id: databaseId('id must be an invitation id.', { coerce: true }),
});
export const pageQuerySchema = z.object(pageQuery);

const nullableText = z.string().nullable();

/** Team-plan §3 billing information (read). */
export const billingInformationAnswer = z.object({
  customer_name: nullableText,
  address_line1: nullableText,
  address_line2: nullableText,
  country: nullableText,
  secondary_location: nullableText,
  tax_number: nullableText,
  created_by: nullableText,
  created: nullableText,
});

/** Team-plan §3 active payment method. */
export const activePaymentMethodAnswer = z.object({
  spm_info: z.object({
    data: z
      .object({
        id: z.string(),
        created: nullableText,
        payment_method_details: z.object({
          card: z.object({ last_4_digit: nullableText, brand: nullableText, expired: z.boolean() }),
        }),
      })
      .nullable(),
  }),
  last_edit_user: z.object({ name: nullableText, date: nullableText }).nullable(),
});

/** Team-plan §3 billing history records, a page at a time. */
export const billingHistoryAnswer = z.object({
  count: z.number(),
  total_pages: z.number(),
  results: z.array(
    z.object({
      id: z.number(),
      subscription_plan_description: z.string(),
      subtitle: z.string(),
      billing_period_start_text: z.string(),
      price_money_text: z.string(),
      brand: nullableText,
      payment_method: nullableText,
      invoice_url: nullableText,
      status: z.enum(['succeeded', 'failed']),
      failure_message: nullableText,
    }),
  ),
});

const price = z.object({ amount: z.number(), currency: z.string() });
/** Team-plan §3 receipt. */
export const receiptAnswer = z.object({
  id: z.number(),
  ref: z.string(),
  date: z.string(),
  quantity: z.number(),
  item: z.string(),
  unit_price: price.nullable(),
  period_start: nullableText,
  period_end: nullableText,
  card_type: nullableText,
  card_last4: nullableText,
  amount: z.object({
    currency: z.string(),
    total_amount: z.number(),
    tax_exclusive_amount: z.number(),
    tax_amount: z.number(),
    has_tax_record: z.boolean(),
  }),
  sold_to: z.object({
    name: nullableText,
    address: nullableText,
    address2: nullableText,
    tax_id: nullableText,
    // Where the buyer is, from the billing address's country and secondary location (issue 34).
    region: nullableText,
    postal_code: nullableText,
    country: nullableText,
    country_name: nullableText,
  }),
  /** The seller (operator configuration); an unset address or tax id is null. */
  seller: z.object({
    name: z.string(),
    address: nullableText,
    tax_id: nullableText,
    support_email: z.string(),
  }),
});

/** Team-plan §3 organization billing (receipt). */
export const receiptDetailsAnswer = z.object({
  exists: z.boolean(),
  name: z.string(),
  address: z.string(),
  address2: z.string(),
  taxId: z.string(),
});

/** Team-plan §5: name and address required (at most 256), address2 optional, tax id at most 10. */
export const receiptDetailsBody = z.object({
  name: z
    .string({ error: 'Please enter a name.' })
    .trim()
    .min(1, 'Please enter a name.')
    .max(256, 'The name is at most 256 characters.'),
  address: z
    .string({ error: 'Please enter an address.' })
    .trim()
    .min(1, 'Please enter an address.')
    .max(256, 'The address is at most 256 characters.'),
  address2: z.string().trim().max(256, 'The second address line is at most 256 characters.').optional(),
  // Longer than the spec's 10 characters: real VAT numbers are (decision 0024).
  taxId: z
    .string()
    .trim()
    .max(BILLING_INFO_LIMITS.taxNumber, `The tax ID is at most ${BILLING_INFO_LIMITS.taxNumber} characters.`)
    .optional(),
});

export const membersAnswer = z.object({
  count: z.number(),
  total_pages: z.number(),
  results: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      has_license: z.boolean(),
      last_activity: nullableText,
    }),
  ),
});

export const roleBody = z.object({ role });

export const invitationAnswer = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  invited_by: z.number().nullable(),
  created: z.string(),
});

export const inviteBody = z.object({
  emails: z
    .array(
      z
        .email('Please enter valid e-mail addresses.')
        .max(254, 'An e-mail address is at most 254 characters.'),
      {
        error: 'emails must be a list of e-mail addresses.',
      },
    )
    .min(1, 'Enter at least one e-mail address.')
    .max(50, 'Invite at most 50 people at a time.'),
  role: role.optional(),
});

/** Handing the ownership over: to whom, confirmed by typing the organization's name. */
export const transferBody = z.object({
  member_id: databaseId('member_id must be the user id of a member.'),
  confirm: z
    .string({ error: 'Type the name of your organization to confirm.' })
    .max(200, 'Type the name of your organization to confirm.'),
});

export const transferAnswer = z.object({
  new_owner: z.object({ id: z.number(), role: z.literal('owner') }),
  previous_owner: z.object({ id: z.number(), role: z.literal('admin') }),
});

/** The token of an invitation's mailed link, to read what it invites to (issue 34). */
export const invitationDetailsQuery = z.object({
  token: z
    .string({ error: 'token is required.' })
    .min(1, 'token is required.')
    .max(200, 'token is not valid.'),
});

/** What the invitation's landing page names before joining (domain `OrganizationInvitationDetails`). */
export const invitationDetailsAnswer = z.object({
  organization: z.object({ name: z.string() }),
  inviter: z.object({ name: z.string() }).nullable(),
  role: z.enum(['owner', 'admin', 'group_admin', 'student']),
  status: z.enum(['open', 'accepted', 'revoked']),
  plan_name: nullableText,
});

export const acceptBody = z.object({
  token: z
    .string({ error: 'token is required.' })
    .min(1, 'token is required.')
    .max(200, 'token is not valid.'),
});

/** Team-plan §2 older plan panel: the current plan's facts, null without a plan. */
export const planPanelAnswer = z.object({
  plan: z
    .object({
      enrollmentId: z.number(),
      status: z.enum(['TRIAL', 'ACTIVE', 'CANCELED', 'EXPIRED', 'FUTURE']),
      isPreview: z.boolean(),
      isLimitedConsumptionTrial: z.boolean(),
      usedLicenses: z.number(),
      totalLicenses: z.number(),
      endDate: z.string(),
      autoRenew: z.boolean(),
      hasPaymentMethod: z.boolean(),
    })
    .nullable(),
});

/** The admin overview's recent activity, newest first. */
export const activityAnswer = z.object({
  results: z.array(
    z.object({
      kind: z.enum(ACTIVITY_KINDS),
      date: z.string(),
      actor: z.string().nullable(),
      detail: z.string().nullable(),
      fromRole: z.enum(ROLES).nullable(),
      toRole: z.enum(ROLES).nullable(),
    }),
  ),
});
