CREATE TABLE "analytics_plan_mrr" (
	"base_currency" varchar(3) NOT NULL,
	"enrollment_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"mrr" bigint NOT NULL,
	CONSTRAINT "analytics_plan_mrr_pkey" PRIMARY KEY("base_currency","enrollment_id","valid_from")
);
--> statement-breakpoint
CREATE TABLE "analytics_sales_country_days" (
	"day" date NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"country" varchar(2) NOT NULL,
	"gross" bigint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "analytics_sales_country_days_pkey" PRIMARY KEY("day","base_currency","country")
);
--> statement-breakpoint
CREATE TABLE "analytics_sales_course_days" (
	"day" date NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"course_id" integer NOT NULL,
	"sales" integer NOT NULL,
	"net_sales" bigint NOT NULL,
	CONSTRAINT "analytics_sales_course_days_pkey" PRIMARY KEY("day","base_currency","course_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_sales_days" (
	"day" date NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"order_gross" bigint NOT NULL,
	"orders" integer NOT NULL,
	"order_tax" bigint NOT NULL,
	"plan_gross" bigint NOT NULL,
	"plan_tax" bigint NOT NULL,
	"plan_refunds" bigint NOT NULL,
	"plan_tax_refunded" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"tax_refunded" bigint NOT NULL,
	"sale_rows" integer NOT NULL,
	"summed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_sales_days_pkey" PRIMARY KEY("day","base_currency")
);
--> statement-breakpoint
CREATE TABLE "analytics_stale_plans" (
	"enrollment_id" integer PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_unconverted_days" (
	"day" date NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "analytics_unconverted_days_pkey" PRIMARY KEY("day","base_currency","currency")
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_sales_country_days" ADD CONSTRAINT "analytics_sales_country_days_day_fk" FOREIGN KEY ("day","base_currency") REFERENCES "public"."analytics_sales_days"("day","base_currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sales_course_days" ADD CONSTRAINT "analytics_sales_course_days_day_fk" FOREIGN KEY ("day","base_currency") REFERENCES "public"."analytics_sales_days"("day","base_currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_unconverted_days" ADD CONSTRAINT "analytics_unconverted_days_day_fk" FOREIGN KEY ("day","base_currency") REFERENCES "public"."analytics_sales_days"("day","base_currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_plan_mrr_from_idx" ON "analytics_plan_mrr" USING btree ("base_currency","valid_from","valid_to","enrollment_id","mrr");--> statement-breakpoint
CREATE INDEX "analytics_plan_mrr_to_idx" ON "analytics_plan_mrr" USING btree ("base_currency","valid_to","valid_from","enrollment_id","mrr");--> statement-breakpoint
CREATE INDEX "course_refunds_completed_idx" ON "course_refunds" USING btree ("completed_at") WHERE "course_refunds"."status" = 'refunded';--> statement-breakpoint
CREATE INDEX "subscription_charges_created_idx" ON "subscription_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscription_enrollments_trial_end_idx" ON "subscription_enrollments" USING btree ("trial_end") WHERE "subscription_enrollments"."trial_end" is not null;--> statement-breakpoint
CREATE INDEX "subscription_invoices_first_paid_idx" ON "subscription_invoices" USING btree ("enrollment_id") WHERE "subscription_invoices"."kind" = 'first_period' and "subscription_invoices"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "subscription_invoices_first_failed_idx" ON "subscription_invoices" USING btree ("first_failed_at","status") WHERE "subscription_invoices"."first_failed_at" is not null;--> statement-breakpoint
-- Decision 0038: a change to a sale of a summed day deletes that day's sums; the day is summed
-- again on the next read. The shared advisory lock, held until the change commits, keeps the
-- summing (which takes the day's lock exclusively, and only with try) off a day with a write in
-- flight. Days are keyed by their number since 2000-01-01 in namespace 73301.
CREATE FUNCTION lectern_analytics_day_changed(changed_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  changed_day date;
BEGIN
  IF changed_at IS NULL THEN
    RETURN;
  END IF;
  changed_day := (changed_at AT TIME ZONE 'UTC')::date;
  PERFORM pg_advisory_xact_lock_shared(73301, changed_day - date '2000-01-01');
  DELETE FROM analytics_sales_days WHERE day = changed_day;
END $$;
--> statement-breakpoint
CREATE FUNCTION lectern_analytics_order_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('completed', 'refunded') THEN
    PERFORM lectern_analytics_day_changed(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('completed', 'refunded')
     AND (TG_OP = 'INSERT' OR NEW.created_at IS DISTINCT FROM OLD.created_at
          OR OLD.status NOT IN ('completed', 'refunded')) THEN
    PERFORM lectern_analytics_day_changed(NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_analytics_day AFTER INSERT OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_order_changed();
--> statement-breakpoint
-- A refund turns a completed order into a refunded one: both count the same, so only a change
-- into or out of the counted statuses, or of what is summed, touches the day.
CREATE TRIGGER orders_analytics_day_update AFTER UPDATE ON "orders"
FOR EACH ROW WHEN (
  (OLD.status IN ('completed', 'refunded')) IS DISTINCT FROM (NEW.status IN ('completed', 'refunded'))
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.total_amount IS DISTINCT FROM NEW.total_amount
  OR OLD.credit_amount IS DISTINCT FROM NEW.credit_amount
  OR OLD.tax_amount IS DISTINCT FROM NEW.tax_amount
  OR OLD.currency IS DISTINCT FROM NEW.currency
  OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate
  OR OLD.base_currency IS DISTINCT FROM NEW.base_currency
  OR OLD.country IS DISTINCT FROM NEW.country
  OR OLD.tax_mode IS DISTINCT FROM NEW.tax_mode)
EXECUTE FUNCTION lectern_analytics_order_changed();
--> statement-breakpoint
-- A line counts on its order's day (top courses), and its tax on the days its refunds completed.
CREATE FUNCTION lectern_analytics_order_line_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  line_row order_lines;
  refund_completed timestamptz;
BEGIN
  FOREACH line_row IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW] WHEN 'DELETE' THEN ARRAY[OLD] ELSE ARRAY[OLD, NEW] END) LOOP
    PERFORM lectern_analytics_day_changed(o.created_at)
      FROM orders o WHERE o.id = line_row.order_id AND o.status IN ('completed', 'refunded');
    IF TG_OP <> 'INSERT' THEN
      FOR refund_completed IN
        SELECT completed_at FROM course_refunds WHERE order_line_id = line_row.id AND status = 'refunded'
      LOOP
        PERFORM lectern_analytics_day_changed(refund_completed);
      END LOOP;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_lines_analytics_day
AFTER INSERT OR DELETE OR UPDATE OF order_id, course_id, purchase_price_amount, tax_amount ON "order_lines"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_order_line_changed();
--> statement-breakpoint
CREATE FUNCTION lectern_analytics_refund_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'refunded' THEN
    PERFORM lectern_analytics_day_changed(OLD.completed_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'refunded' THEN
    PERFORM lectern_analytics_day_changed(NEW.completed_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_refunds_analytics_day
AFTER INSERT OR DELETE OR UPDATE OF status, completed_at, amount, currency, exchange_rate, base_currency, order_line_id
ON "course_refunds"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_refund_changed();
--> statement-breakpoint
CREATE FUNCTION lectern_analytics_charge_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (OLD.status = 'succeeded' OR (OLD.kind = 'refund' AND OLD.status = 'refunded')) THEN
    PERFORM lectern_analytics_day_changed(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.status = 'succeeded' OR (NEW.kind = 'refund' AND NEW.status = 'refunded')) THEN
    PERFORM lectern_analytics_day_changed(NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_charges_analytics_day
AFTER INSERT OR DELETE OR UPDATE OF status, kind, amount, tax_amount, currency, exchange_rate, base_currency, created_at, enrollment_id, country
ON "subscription_charges"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_charge_changed();
--> statement-breakpoint
-- Decision 0038: a change to a plan's billing marks the plan stale; its MRR spans are computed
-- again before the next reading. The upsert holds the mark's row lock until the change commits,
-- and computing takes marks with SKIP LOCKED, so it never reads a change halfway.
CREATE FUNCTION lectern_analytics_plan_changed(plan_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF plan_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO analytics_stale_plans (enrollment_id) VALUES (plan_id)
  ON CONFLICT (enrollment_id) DO UPDATE SET marked_at = excluded.marked_at;
END $$;
--> statement-breakpoint
CREATE FUNCTION lectern_analytics_plan_row_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'subscription_enrollments' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM lectern_analytics_plan_changed(OLD.id); END IF;
    IF TG_OP = 'INSERT' THEN PERFORM lectern_analytics_plan_changed(NEW.id); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM lectern_analytics_plan_changed(OLD.enrollment_id); END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.enrollment_id IS DISTINCT FROM OLD.enrollment_id) THEN
      PERFORM lectern_analytics_plan_changed(NEW.enrollment_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the recurring kinds and added licenses make MRR; refunds and credits do not.
CREATE TRIGGER subscription_charges_analytics_plan
AFTER INSERT OR DELETE OR UPDATE OF status, kind, period_start, period_end, amount, tax_amount, licenses, currency, exchange_rate, base_currency, created_at, enrollment_id
ON "subscription_charges"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_plan_row_changed();
--> statement-breakpoint
CREATE TRIGGER subscription_invoices_analytics_plan
AFTER INSERT OR DELETE OR UPDATE OF status, period_start, period_end, amount, tax_amount, licenses, currency, enrollment_id
ON "subscription_invoices"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_plan_row_changed();
--> statement-breakpoint
CREATE TRIGGER subscription_enrollments_analytics_plan
AFTER INSERT OR DELETE OR UPDATE OF status, current_period_end, price_option_id
ON "subscription_enrollments"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_plan_row_changed();
--> statement-breakpoint
CREATE FUNCTION lectern_analytics_price_option_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_stale_plans (enrollment_id)
  SELECT id FROM subscription_enrollments WHERE price_option_id = NEW.id
  ON CONFLICT (enrollment_id) DO UPDATE SET marked_at = excluded.marked_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_price_options_analytics_plan
AFTER UPDATE OF renewal_type, renewal_count ON "subscription_price_options"
FOR EACH ROW EXECUTE FUNCTION lectern_analytics_price_option_changed();
--> statement-breakpoint
-- An unpaid invoice counts at the rate of its period's first day from this table.
CREATE FUNCTION lectern_analytics_rate_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_stale_plans (enrollment_id)
    SELECT DISTINCT enrollment_id FROM subscription_invoices
    WHERE status <> 'paid' AND currency IN (SELECT currency FROM new_rates)
    ON CONFLICT (enrollment_id) DO UPDATE SET marked_at = excluded.marked_at;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_stale_plans (enrollment_id)
    SELECT DISTINCT enrollment_id FROM subscription_invoices
    WHERE status <> 'paid' AND currency IN (SELECT currency FROM old_rates)
    ON CONFLICT (enrollment_id) DO UPDATE SET marked_at = excluded.marked_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exchange_rates_analytics_plan_insert AFTER INSERT ON "exchange_rates"
REFERENCING NEW TABLE AS new_rates
FOR EACH STATEMENT EXECUTE FUNCTION lectern_analytics_rate_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_analytics_plan_update AFTER UPDATE ON "exchange_rates"
REFERENCING OLD TABLE AS old_rates NEW TABLE AS new_rates
FOR EACH STATEMENT EXECUTE FUNCTION lectern_analytics_rate_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_analytics_plan_delete AFTER DELETE ON "exchange_rates"
REFERENCING OLD TABLE AS old_rates
FOR EACH STATEMENT EXECUTE FUNCTION lectern_analytics_rate_changed();
--> statement-breakpoint
-- Spans are kept in one base currency: a new one computes every plan again.
CREATE FUNCTION lectern_analytics_base_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_stale_plans (enrollment_id)
  SELECT id FROM subscription_enrollments
  ON CONFLICT (enrollment_id) DO UPDATE SET marked_at = excluded.marked_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER back_office_settings_analytics_base AFTER UPDATE OF base_currency ON "back_office_settings"
FOR EACH ROW WHEN (OLD.base_currency IS DISTINCT FROM NEW.base_currency)
EXECUTE FUNCTION lectern_analytics_base_changed();
--> statement-breakpoint
-- The plans that exist now are computed on the first reading (or by the job).
INSERT INTO analytics_stale_plans (enrollment_id) SELECT id FROM subscription_enrollments;
--> statement-breakpoint
-- When an invoice's first attempt failed, for the dashboard's recovery rate.
CREATE FUNCTION lectern_invoice_first_failure() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscription_invoices SET first_failed_at = NEW.created_at
  WHERE id = NEW.invoice_id AND (first_failed_at IS NULL OR first_failed_at > NEW.created_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_charges_first_failure AFTER INSERT ON "subscription_charges"
FOR EACH ROW WHEN (NEW.status = 'failed' AND NEW.invoice_id IS NOT NULL)
EXECUTE FUNCTION lectern_invoice_first_failure();
--> statement-breakpoint
UPDATE subscription_invoices i SET first_failed_at = f.first_failure
FROM (SELECT invoice_id, min(created_at) AS first_failure FROM subscription_charges
      WHERE status = 'failed' AND invoice_id IS NOT NULL GROUP BY invoice_id) f
WHERE f.invoice_id = i.id;
--> statement-breakpoint
-- A plan charge keeps the billing country it was written in, as an order does.
CREATE FUNCTION lectern_stamp_charge_country() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.country IS NULL THEN
    SELECT p.country INTO NEW.country
    FROM subscription_enrollments e
    JOIN subscription_billing_profiles p
      ON p.subscriber_type = e.subscriber_type AND p.subscriber_id = e.subscriber_id
    WHERE e.id = NEW.enrollment_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_charges_country BEFORE INSERT ON "subscription_charges"
FOR EACH ROW EXECUTE FUNCTION lectern_stamp_charge_country();
--> statement-breakpoint
UPDATE subscription_charges c SET country = p.country
FROM subscription_enrollments e
JOIN subscription_billing_profiles p
  ON p.subscriber_type = e.subscriber_type AND p.subscriber_id = e.subscriber_id
WHERE e.id = c.enrollment_id AND c.country IS NULL;
