// The schema registry of tracked events (platform §3, §4, §7; checkout §3, §7, §9) and the
// one check both the browser (before sending) and the collector (before storing) run.
import { isCalendarDateTime } from '../api/calendar-date.js';
import { BUYABLE_TYPES, SHOPPING_LIST_MAX_ITEMS } from '../cart/cart-contract.js';
import { CONSENT_CATEGORY_IDS, CONSENT_TRIGGERS } from '../consent/consent-rules.js';
import { SHARE_CONTEXTS, SHARE_NETWORKS } from '../sharing/sharing-rules.js';
import { TRACKING_MAX_EVENT_BYTES } from './event-tracking.js';

/** One field's shape. */
export type FieldSpec =
  | { kind: 'string'; max: number; values?: readonly string[] }
  | { kind: 'integer'; min: number }
  | { kind: 'timestamp' }
  | { kind: 'list'; of: readonly string[]; max: number }
  | { kind: 'buyables' }
  | { kind: 'variants' };

export interface EventSchema {
  required: Readonly<Record<string, FieldSpec>>;
  optional: Readonly<Record<string, FieldSpec>>;
}

const id = { kind: 'string', max: 64 } as const;
const text = { kind: 'string', max: 200 } as const;
const url = { kind: 'string', max: 2048 } as const;
const count = { kind: 'integer', min: 0 } as const;
const positiveId = { kind: 'integer', min: 1 } as const;
const buyables = { kind: 'buyables' } as const;
/** Checkout §3: an order is free or paid. */
const chargeType = { kind: 'string', max: 4, values: ['free', 'paid'] } as const;
/** Checkout §9: tracking backend sources. */
const backendSource = {
  kind: 'string',
  max: 32,
  values: ['discovery', 'taught_courses', 'user_wishlisted_courses', 'shopping_carts'],
} as const;
/** Checkout §9: banner notice types. */
const noticeType = { kind: 'string', max: 16, values: ['web_banner', 'smart_bar', 'modal_popup'] } as const;
const buyableType = { kind: 'string', max: 16, values: BUYABLE_TYPES } as const;

/** Fields every event carries. `userId` is never sent: the collector takes it from the session. */
export const TRACKING_ENVELOPE = {
  required: {
    type: text,
    /** Unique per event (a UUID), so a retried batch is stored once. */
    eventId: id,
    /** ISO 8601 time on the client. */
    clientTimestamp: { kind: 'timestamp' },
    /** `visiting.visitor_uuid` of the user context. */
    visitorUuid: id,
    /** The 30-minute tracking session (platform §9). */
    trackingSessionId: id,
  },
  optional: {
    /** Name of the page in `PAGE_ROUTES`. */
    pageKey: text,
    url,
    /** Checkout §3 experiment variants: feature code → variant. */
    experimentVariants: { kind: 'variants' },
  },
} as const satisfies EventSchema;

const checkoutFields = {
  required: { buyables },
  optional: { couponCode: { kind: 'string', max: 255 }, checkoutRef: id },
} as const;

const planFields = { required: {}, optional: { planId: id, licenseCount: positiveId } } as const;

/**
 * Every event type with its own fields (the envelope comes on top). Platform events: page
 * views, the consent change of §4, shares of §9, item and notice impressions with the
 * analytics fields of checkout §3 (its item `id` and `type` are `itemId` and `itemType` here,
 * as `type` names the event). Checkout events: those published in checkout §7.
 */
export const TRACKING_EVENT_SCHEMAS = {
  PageView: { required: { pageKey: text, url }, optional: { referrer: url } },
  ConsentChanged: {
    required: {
      allowedCategories: { kind: 'list', of: CONSENT_CATEGORY_IDS, max: CONSENT_CATEGORY_IDS.length },
    },
    optional: { trigger: { kind: 'string', max: 32, values: CONSENT_TRIGGERS } },
  },
  Share: {
    required: {
      network: { kind: 'string', max: 16, values: SHARE_NETWORKS },
      context: { kind: 'string', max: 32, values: SHARE_CONTEXTS },
      objectId: positiveId,
    },
    optional: {},
  },
  ItemImpression: {
    required: { itemId: positiveId, itemType: buyableType, position: count, backendSource },
    optional: { trackingId: id, uiRegion: text },
  },
  ItemClick: {
    required: { itemId: positiveId, itemType: buyableType, position: count, backendSource },
    optional: { trackingId: id, uiRegion: text },
  },
  NoticeImpression: { required: { noticeId: id, noticeType }, optional: { uiRegion: text } },
  AddToCart: { required: { buyables }, optional: { uiRegion: text, trackingId: id } },
  CouponApplied: { required: { couponCode: { kind: 'string', max: 255 } }, optional: { buyables } },
  CheckoutPageView: checkoutFields,
  CheckoutPageLeave: checkoutFields,
  CheckoutSubmit: {
    required: { ...checkoutFields.required, chargeType },
    optional: { ...checkoutFields.optional, paymentMethod: text },
  },
  CheckoutSubmitSuccess: {
    required: { ...checkoutFields.required, chargeType, orderId: positiveId },
    optional: { ...checkoutFields.optional, paymentMethod: text },
  },
  /**
   * Checkout §4: the buyer was exposed to a feature under experiment (selecting either
   * buy-now-pay-later method exposes the payment timeline's), once per checkout page; the
   * envelope's `experimentVariants` carries the same variant under the 'pay' key (checkout §9).
   */
  ExperimentExposure: {
    required: { featureCode: id, variant: id },
    /** `experimentId`: the assignment's experiment (its `experimentIds`), counted on the operator's page. */
    optional: { ...checkoutFields.optional, buyables, paymentMethod: text, experimentId: positiveId },
  },
  TeamPlanStarted: planFields,
  TeamPlanSelected: planFields,
  TeamPlanSubmitted: { required: { chargeType }, optional: planFields.optional },
  PersonalPlanStarted: planFields,
  PersonalPlanSelected: planFields,
  PersonalPlanSubmitted: { required: { chargeType }, optional: planFields.optional },
  UpsellStarted: planFields,
  UpsellSubmitted: { required: { chargeType }, optional: planFields.optional },
  Resubscribe: { required: {}, optional: { ...planFields.optional, subscriptionId: id } },
} as const satisfies Record<string, EventSchema>;

export type TrackingEventType = keyof typeof TRACKING_EVENT_SCHEMAS;
export const TRACKING_EVENT_TYPES = Object.keys(TRACKING_EVENT_SCHEMAS) as TrackingEventType[];

type ValueOf<S> = S extends { kind: 'string'; values: readonly (infer V)[] }
  ? V
  : S extends { kind: 'string' | 'timestamp' }
    ? string
    : S extends { kind: 'integer' }
      ? number
      : S extends { kind: 'list'; of: readonly (infer V)[] }
        ? V[]
        : S extends { kind: 'buyables' }
          ? { id: number; buyable_object_type: (typeof BUYABLE_TYPES)[number] }[]
          : S extends { kind: 'variants' }
            ? Record<string, string>
            : never;

type FieldsOf<S extends EventSchema> = { [K in keyof S['required']]: ValueOf<S['required'][K]> } & {
  [K in keyof S['optional']]?: ValueOf<S['optional'][K]>;
};

/** An event of one type as sent to the collector. */
export type TrackingEventOf<T extends TrackingEventType> = Omit<
  FieldsOf<typeof TRACKING_ENVELOPE>,
  'type'
> & { type: T } & FieldsOf<(typeof TRACKING_EVENT_SCHEMAS)[T]>;

/** Any tracked event. */
export type TrackingEvent = { [T in TrackingEventType]: TrackingEventOf<T> }[TrackingEventType];

export type TrackingEventValidation = { ok: true } | { ok: false; reason: string };

const MAX_VARIANTS = 20;

/** UTF-8 length of a string, counted without an encoder (none in the domain's runtime types). */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkField(name: string, spec: FieldSpec, value: unknown): string | null {
  switch (spec.kind) {
    case 'string':
      if (typeof value !== 'string' || value.length === 0 || value.length > spec.max) {
        return `field "${name}" must be a text of 1 to ${spec.max} characters`;
      }
      if (spec.values && !spec.values.includes(value))
        return `field "${name}" must be one of ${spec.values.join(', ')}`;
      return null;
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= spec.min
        ? null
        : `field "${name}" must be an integer >= ${spec.min}`;
    case 'timestamp':
      // A day that does not exist (2026-09-31) is refused: Date.parse would read it as 1 October.
      return typeof value === 'string' && isCalendarDateTime(value)
        ? null
        : `field "${name}" must be an ISO 8601 time`;
    case 'list':
      if (!Array.isArray(value) || value.length > spec.max)
        return `field "${name}" must be a list of at most ${spec.max}`;
      for (const item of value) {
        if (typeof item !== 'string' || !spec.of.includes(item))
          return `field "${name}" holds an unknown value`;
      }
      return null;
    case 'buyables':
      if (!Array.isArray(value) || value.length > SHOPPING_LIST_MAX_ITEMS) {
        return `field "${name}" must be a list of at most ${SHOPPING_LIST_MAX_ITEMS} buyables`;
      }
      for (const item of value) {
        if (
          !isPlainObject(item) ||
          Object.keys(item).length !== 2 ||
          !Number.isSafeInteger(item.id) ||
          (item.id as number) < 1 ||
          !(BUYABLE_TYPES as readonly unknown[]).includes(item.buyable_object_type)
        ) {
          return `field "${name}" holds a buyable that is not {id, buyable_object_type}`;
        }
      }
      return null;
    case 'variants': {
      if (!isPlainObject(value)) return `field "${name}" must be an object of texts`;
      const entries = Object.entries(value);
      if (entries.length > MAX_VARIANTS) return `field "${name}" holds more than ${MAX_VARIANTS} entries`;
      for (const [key, variant] of entries) {
        if (key.length > 64 || typeof variant !== 'string' || variant.length > 64) {
          return `field "${name}" must map names to texts of at most 64 characters`;
        }
      }
      return null;
    }
  }
}

/**
 * Checks one event against the registry: a known type, every required field, no unknown
 * field, each value of its shape, and at most TRACKING_MAX_EVENT_BYTES of JSON. The reason
 * of a failure is what the collector reports in `failedEvents[].reason`.
 */
export function validateTrackingEvent(event: unknown): TrackingEventValidation {
  if (!isPlainObject(event)) return { ok: false, reason: 'event must be an object' };
  const type = event.type;
  if (typeof type !== 'string' || !Object.hasOwn(TRACKING_EVENT_SCHEMAS, type)) {
    return { ok: false, reason: 'unknown event type' };
  }
  const schema: EventSchema = TRACKING_EVENT_SCHEMAS[type as TrackingEventType];
  const required = { ...TRACKING_ENVELOPE.required, ...schema.required } as Record<string, FieldSpec>;
  const optional = { ...TRACKING_ENVELOPE.optional, ...schema.optional } as Record<string, FieldSpec>;
  for (const name of Object.keys(required)) {
    if (!Object.hasOwn(event, name)) return { ok: false, reason: `missing field "${name}"` };
  }
  for (const [name, value] of Object.entries(event)) {
    const spec = Object.hasOwn(required, name)
      ? required[name]
      : Object.hasOwn(optional, name)
        ? optional[name]
        : null;
    if (!spec) return { ok: false, reason: `unknown field "${name}"` };
    const problem = checkField(name, spec, value);
    if (problem) return { ok: false, reason: problem };
  }
  if (utf8ByteLength(JSON.stringify(event)) > TRACKING_MAX_EVENT_BYTES) {
    return { ok: false, reason: `event is larger than ${TRACKING_MAX_EVENT_BYTES} bytes` };
  }
  return { ok: true };
}
