CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lock_token" uuid,
	"locked_until" timestamp with time zone,
	"resend_of" integer,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"response_status" integer,
	"response_body" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(2048) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" varchar(100) NOT NULL,
	"previous_secret" varchar(100),
	"previous_secret_expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"type" varchar(64) NOT NULL,
	"data" json NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_events_public_id_key" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","number");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
-- Outgoing webhooks (issue 33): the tables that change write their events here, in the
-- transaction of the change, so an event is never lost and never sent for a change that rolled
-- back; no feature's code has to remember to announce anything.
-- Time is the server's clock: the wall clock moved by the developer clock's offset (0 in production).
CREATE FUNCTION lectern_webhook_clock() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + coalesce((SELECT c.offset_ms FROM server_clock c WHERE c.id = 1), 0) * interval '1 millisecond'
$$;
--> statement-breakpoint
-- Times in payloads: ISO 8601 in UTC whatever the session's time zone.
CREATE FUNCTION lectern_webhook_time(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- Whether any enabled endpoint listens to `event_type`: each trigger asks first, so a change
-- nobody listens to builds no payload (the usual case, and the checkout's hot path).
CREATE FUNCTION lectern_webhook_wanted(event_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.enabled AND event_type = ANY (e.events))
$$;
--> statement-breakpoint
-- One event and a delivery per enabled endpoint subscribed to it; nothing when none is.
CREATE FUNCTION lectern_webhook_emit(event_type text, payload json) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  at_time timestamptz;
  new_event integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.enabled AND event_type = ANY (e.events)) THEN
    RETURN;
  END IF;
  at_time := lectern_webhook_clock();
  INSERT INTO webhook_events (public_id, type, data, created_at)
  VALUES ('evt_' || replace(gen_random_uuid()::text, '-', ''), event_type, payload, at_time)
  RETURNING id INTO new_event;
  -- KEY SHARE: an endpoint being deleted meanwhile is waited for (then skipped), so the change
  -- itself never fails on a delivery's foreign key.
  INSERT INTO webhook_deliveries (endpoint_id, event_id, status, next_attempt_at, created_at)
  SELECT e.id, new_event, 'pending', at_time, at_time FROM webhook_endpoints e
  WHERE e.enabled AND event_type = ANY (e.events)
  ORDER BY e.id
  FOR KEY SHARE;
END $$;
--> statement-breakpoint
CREATE FUNCTION lectern_webhook_customer(user_id integer) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', u.id, 'email', u.email, 'name', trim(u.name || ' ' || u.surname))
  FROM users u WHERE u.id = user_id
$$;
--> statement-breakpoint
-- order.paid: an order became completed. Deferred to the commit, so its lines (written after
-- the order row) are all there.
CREATE FUNCTION lectern_webhook_order_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'UPDATE' AND OLD.status = 'completed') OR NOT lectern_webhook_wanted('order.paid') THEN
    RETURN NULL;
  END IF;
  PERFORM lectern_webhook_emit('order.paid', json_build_object(
    'object', 'order',
    'id', NEW.id,
    'customer', lectern_webhook_customer(NEW.user_id),
    'currency', NEW.currency,
    'subtotal_amount', NEW.subtotal_amount,
    'discount_amount', NEW.discount_amount,
    'tax_amount', NEW.tax_amount,
    'credit_amount', NEW.credit_amount,
    'total_amount', NEW.total_amount,
    'country', NEW.country,
    'tax_mode', NEW.tax_mode,
    'payment_type', NEW.payment_type,
    'created_at', lectern_webhook_time(NEW.created_at),
    'completed_at', lectern_webhook_time(NEW.completed_at),
    'lines', (
      SELECT coalesce(json_agg(json_build_object(
        'id', l.id,
        'type', l.buyable_type,
        'course', json_build_object('id', c.id, 'title', c.title),
        'list_price_amount', l.list_price_amount,
        'amount', l.purchase_price_amount,
        'tax_amount', l.tax_amount,
        'coupon_code', l.coupon_code
      ) ORDER BY l.id), '[]'::json)
      FROM order_lines l JOIN courses c ON c.id = l.course_id WHERE l.order_id = NEW.id
    )
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_webhook_paid AFTER INSERT OR UPDATE OF status ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.status = 'completed') EXECUTE FUNCTION lectern_webhook_order_paid();
--> statement-breakpoint
-- order.refunded: one course of an order was refunded (the provider's part and any credit).
CREATE FUNCTION lectern_webhook_order_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'UPDATE' AND OLD.status = 'refunded') OR NOT lectern_webhook_wanted('order.refunded') THEN
    RETURN NULL;
  END IF;
  PERFORM lectern_webhook_emit('order.refunded', json_build_object(
    'object', 'refund',
    'id', NEW.id,
    'order_id', NEW.order_id,
    'order_line_id', NEW.order_line_id,
    'course', (SELECT json_build_object('id', c.id, 'title', c.title) FROM courses c WHERE c.id = NEW.course_id),
    'customer', lectern_webhook_customer(NEW.user_id),
    'currency', NEW.currency,
    'amount', NEW.amount,
    'provider_amount', NEW.provider_amount,
    'credit_amount', NEW.credit_amount,
    'reason', NEW.reason,
    'by_staff', NEW.staff_id IS NOT NULL,
    'requested_at', lectern_webhook_time(NEW.requested_at),
    'completed_at', lectern_webhook_time(NEW.completed_at)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_refunds_webhook_refunded AFTER INSERT OR UPDATE OF status ON "course_refunds"
  FOR EACH ROW WHEN (NEW.status = 'refunded') EXECUTE FUNCTION lectern_webhook_order_refunded();
--> statement-breakpoint
-- A plan as events show it.
CREATE FUNCTION lectern_webhook_subscription(enrollment_id integer) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'object', 'subscription',
    'id', e.id,
    'plan', json_build_object('price_option', e.price_option_id, 'product_type', p.product_type,
      'interval', o.renewal_type, 'interval_count', o.renewal_count),
    'subscriber', json_build_object('type', e.subscriber_type, 'id', e.subscriber_id,
      'name', CASE WHEN e.subscriber_type = 'organization'
        THEN (SELECT g.name FROM organizations g WHERE g.id = e.subscriber_id) END),
    'customer', lectern_webhook_customer(e.created_by),
    'status', lower(e.status::text),
    'licenses', e.license_count,
    'currency', e.currency,
    'unit_price', e.unit_price,
    'next_charge_amount', e.charge_amount,
    'next_charge_tax_amount', e.tax_amount,
    'current_period_start', lectern_webhook_time(e.current_period_start),
    'current_period_end', lectern_webhook_time(e.current_period_end),
    'trial_end', lectern_webhook_time(e.trial_end),
    'cancel_date', lectern_webhook_time(e.cancel_date),
    'created_at', lectern_webhook_time(e.created_at)
  )
  FROM subscription_enrollments e
  JOIN subscription_price_options o ON o.id = e.price_option_id
  JOIN subscription_plans p ON p.id = o.plan_id
  WHERE e.id = enrollment_id
$$;
--> statement-breakpoint
-- subscription.created, .cancelled, .expired: a plan was inserted or its status changed.
-- Deferred to the commit, so the plan reads as the transaction left it.
CREATE FUNCTION lectern_webhook_subscription_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF lectern_webhook_wanted('subscription.created') THEN
      PERFORM lectern_webhook_emit('subscription.created', lectern_webhook_subscription(NEW.id));
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.status = 'CANCELED' AND lectern_webhook_wanted('subscription.cancelled') THEN
      PERFORM lectern_webhook_emit('subscription.cancelled', lectern_webhook_subscription(NEW.id));
    ELSIF NEW.status = 'EXPIRED' AND lectern_webhook_wanted('subscription.expired') THEN
      PERFORM lectern_webhook_emit('subscription.expired', lectern_webhook_subscription(NEW.id));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subscription_enrollments_webhook AFTER INSERT OR UPDATE OF status ON "subscription_enrollments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lectern_webhook_subscription_changed();
--> statement-breakpoint
-- subscription.renewed (an invoice paid: a renewal or the first period after a trial) and
-- subscription.payment_failed (an attempt at such an invoice declined); not a checkout's own
-- charges, prorations, refunds or credits. Deferred: the plan reads as advanced.
CREATE FUNCTION lectern_webhook_subscription_charge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT lectern_webhook_wanted(
    CASE WHEN NEW.status = 'failed' THEN 'subscription.payment_failed' ELSE 'subscription.renewed' END
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM lectern_webhook_emit(
    CASE WHEN NEW.status = 'failed' THEN 'subscription.payment_failed' ELSE 'subscription.renewed' END,
    json_build_object(
      'object', 'subscription_charge',
      'id', NEW.id,
      'kind', NEW.kind,
      'status', NEW.status,
      'invoice_id', NEW.invoice_id,
      'receipt_number', NEW.receipt_number,
      'licenses', NEW.licenses,
      'currency', NEW.currency,
      'amount', NEW.amount,
      'tax_amount', NEW.tax_amount,
      'period_start', lectern_webhook_time(NEW.period_start),
      'period_end', lectern_webhook_time(NEW.period_end),
      'failure_code', NEW.failure_code,
      'failure_message', NEW.failure_message,
      'created_at', lectern_webhook_time(NEW.created_at),
      'subscription', lectern_webhook_subscription(NEW.enrollment_id)
    ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subscription_charges_webhook AFTER INSERT ON "subscription_charges"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.kind IN ('first_period', 'renewal') AND NEW.invoice_id IS NOT NULL
    AND NEW.status IN ('succeeded', 'failed'))
  EXECUTE FUNCTION lectern_webhook_subscription_charge();
--> statement-breakpoint
-- gift.redeemed: the recipient took the course.
CREATE FUNCTION lectern_webhook_gift_redeemed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT lectern_webhook_wanted('gift.redeemed') THEN
    RETURN NULL;
  END IF;
  PERFORM lectern_webhook_emit('gift.redeemed', json_build_object(
    'object', 'gift',
    'id', NEW.id,
    'order_id', NEW.order_id,
    'order_line_id', NEW.order_line_id,
    'course', (SELECT json_build_object('id', c.id, 'title', c.title) FROM courses c WHERE c.id = NEW.course_id),
    'buyer', lectern_webhook_customer(NEW.buyer_id),
    'recipient_email', NEW.recipient_email,
    'recipient_name', NEW.recipient_name,
    'redeemed_by', lectern_webhook_customer(NEW.redeemed_by),
    'redeemed_at', lectern_webhook_time(NEW.redeemed_at),
    'created_at', lectern_webhook_time(NEW.created_at)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gifts_webhook_redeemed AFTER UPDATE OF redeemed_at ON "gifts"
  FOR EACH ROW WHEN (OLD.redeemed_at IS NULL AND NEW.redeemed_at IS NOT NULL)
  EXECUTE FUNCTION lectern_webhook_gift_redeemed();
--> statement-breakpoint
-- customer.created: an account was made (sign-up, guest checkout, an invitation's sign-up).
CREATE FUNCTION lectern_webhook_customer_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT lectern_webhook_wanted('customer.created') THEN
    RETURN NULL;
  END IF;
  PERFORM lectern_webhook_emit('customer.created', json_build_object(
    'object', 'customer',
    'id', NEW.id,
    'email', NEW.email,
    'name', NEW.name,
    'surname', NEW.surname,
    'country', NEW.country,
    'language', NEW.language,
    'guest', NEW.guest_since IS NOT NULL,
    'created_at', lectern_webhook_time(NEW.created_at)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_webhook_created AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION lectern_webhook_customer_created();
