import type { FastifyInstance } from 'fastify';
import { requestInfo, type SandboxContext } from '../context.js';
import { expandObject } from '../core/expand.js';
import { newId, nowSeconds } from '../core/ids.js';
import { newestFirst, paginate } from '../core/list.js';
import { emptyAddress, type Address, type Customer } from '../core/objects.js';
import { mergeMetadata, type Params } from '../core/params.js';
import { resourceMissing } from '../core/stripe-error.js';
import { attachPaymentMethod } from './payment-methods.js';
import { resolvePaymentMethod } from './payment-method-factory.js';
import { idParam, paramsOf } from './route-helpers.js';

const FIELDS = [
  'email',
  'name',
  'phone',
  'description',
  'metadata',
  'address',
  'preferred_locales',
  'invoice_settings',
  'expand',
];

function address(params: Params): Address | null | undefined {
  if (params.isBlank('address')) return null;
  const object = params.object('address');
  if (!object) return undefined;
  object.allowOnly(['city', 'country', 'line1', 'line2', 'postal_code', 'state']);
  const out = emptyAddress();
  for (const key of Object.keys(out) as (keyof Address)[]) out[key] = object.nullableString(key, 200) ?? null;
  return out;
}

/** Customers: create, retrieve, update, delete, list (by e-mail). */
export function customerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, events } = ctx;

  const find = (id: string): Customer => {
    const customer = store.customers.get(id);
    if (!customer) throw resourceMissing('customer', id);
    return customer;
  };

  const defaultPaymentMethod = (params: Params, customer: Customer): string | null | undefined => {
    const settings = params.object('invoice_settings');
    if (!settings) return undefined;
    settings.allowOnly(['default_payment_method']);
    const id = settings.nullableString('default_payment_method', 255);
    if (!id) return id;
    const pm = store.paymentMethods.get(id);
    if (!pm || pm.customer !== customer.id) {
      throw resourceMissing('PaymentMethod', id, 'invoice_settings[default_payment_method]');
    }
    return id;
  };

  app.post('/v1/customers', async (request) => {
    const params = paramsOf(request).allowOnly([...FIELDS, 'payment_method']);
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      address: address(params) ?? null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: params.nullableString('description') ?? null,
      email: params.nullableString('email', 512) ?? null,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      livemode: false,
      metadata: params.metadata() ?? {},
      name: params.nullableString('name', 256) ?? null,
      phone: params.nullableString('phone', 20) ?? null,
      preferred_locales: params.stringArray('preferred_locales') ?? [],
      shipping: null,
      tax_exempt: 'none',
    };
    const pmId = params.string('payment_method');
    const pm = pmId ? resolvePaymentMethod(ctx, pmId) : undefined;
    store.customers.set(customer.id, customer);
    events.emit('customer.created', customer, requestInfo(request));
    if (pm) attachPaymentMethod(ctx, pm, customer.id, requestInfo(request));
    const defaultPm = defaultPaymentMethod(params, customer);
    if (defaultPm !== undefined) customer.invoice_settings.default_payment_method = defaultPm;
    return expandObject(store, customer, params.expand());
  });

  app.get('/v1/customers/:id', async (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const id = idParam(request);
    if (store.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true };
    return expandObject(store, find(id), params.expand());
  });

  app.post('/v1/customers/:id', async (request) => {
    const params = paramsOf(request).allowOnly(FIELDS);
    const customer = find(idParam(request));
    const previous: Record<string, unknown> = {};
    const set = <K extends keyof Customer>(key: K, value: Customer[K] | undefined) => {
      if (value === undefined) return;
      previous[key] = structuredClone(customer[key]);
      customer[key] = value;
    };
    set('email', params.nullableString('email', 512));
    set('name', params.nullableString('name', 256));
    set('phone', params.nullableString('phone', 20));
    set('description', params.nullableString('description'));
    set('address', address(params));
    set('preferred_locales', params.stringArray('preferred_locales'));
    const metadata = params.metadata();
    if (metadata) set('metadata', mergeMetadata(customer.metadata, metadata));
    const defaultPm = defaultPaymentMethod(params, customer);
    if (defaultPm !== undefined) {
      set('invoice_settings', { ...customer.invoice_settings, default_payment_method: defaultPm });
    }
    events.emit('customer.updated', customer, requestInfo(request), previous);
    return expandObject(store, customer, params.expand());
  });

  app.delete('/v1/customers/:id', async (request) => {
    const customer = find(idParam(request));
    store.customers.delete(customer.id);
    store.deletedCustomers.set(customer.id, nowSeconds());
    for (const pm of store.paymentMethods.values()) {
      if (pm.customer !== customer.id) continue;
      pm.customer = null;
      store.paymentMethods.touch(pm.id);
    }
    events.emit('customer.deleted', customer, requestInfo(request));
    return { id: customer.id, object: 'customer', deleted: true };
  });

  app.get('/v1/customers', async (request) => {
    const params = paramsOf(request).allowOnly([
      'email',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const email = params.string('email');
    const items = newestFirst(store.customers.values(), (c) => !email || c.email === email);
    return expandObject(store, paginate(items, params, '/v1/customers'), params.expand());
  });
}
