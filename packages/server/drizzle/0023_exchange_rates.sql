CREATE TABLE "exchange_rates" (
	"base_currency" varchar(3) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"effective_on" date NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_base_currency_currency_effective_on_pk" PRIMARY KEY("base_currency","currency","effective_on"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "base_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "course_refunds" ADD COLUMN "base_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "course_refunds" ADD COLUMN "exchange_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "back_office_settings" ADD COLUMN "base_currency" varchar(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "base_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "exchange_rate" numeric(20, 10);
--> statement-breakpoint
-- Demo rates to the default base currency (USD), from long ago: an operator replaces them with
-- the day's rates. A rate stored at a sale is never changed by a later row.
INSERT INTO "exchange_rates" ("base_currency", "currency", "effective_on", "rate") VALUES
  ('USD', 'AUD', '2000-01-01', 0.65),
  ('USD', 'BRL', '2000-01-01', 0.18),
  ('USD', 'CAD', '2000-01-01', 0.73),
  ('USD', 'CLP', '2000-01-01', 0.00105),
  ('USD', 'COP', '2000-01-01', 0.00025),
  ('USD', 'DKK', '2000-01-01', 0.145),
  ('USD', 'EGP', '2000-01-01', 0.0205),
  ('USD', 'EUR', '2000-01-01', 1.08),
  ('USD', 'GBP', '2000-01-01', 1.27),
  ('USD', 'IDR', '2000-01-01', 0.000063),
  ('USD', 'ILS', '2000-01-01', 0.27),
  ('USD', 'INR', '2000-01-01', 0.012),
  ('USD', 'JPY', '2000-01-01', 0.0067),
  ('USD', 'KRW', '2000-01-01', 0.00073),
  ('USD', 'MXN', '2000-01-01', 0.055),
  ('USD', 'MYR', '2000-01-01', 0.22),
  ('USD', 'NGN', '2000-01-01', 0.00065),
  ('USD', 'NOK', '2000-01-01', 0.092),
  ('USD', 'PEN', '2000-01-01', 0.27),
  ('USD', 'PHP', '2000-01-01', 0.0175),
  ('USD', 'PLN', '2000-01-01', 0.25),
  ('USD', 'RON', '2000-01-01', 0.215),
  ('USD', 'RUB', '2000-01-01', 0.011),
  ('USD', 'SGD', '2000-01-01', 0.74),
  ('USD', 'THB', '2000-01-01', 0.029),
  ('USD', 'TRY', '2000-01-01', 0.029),
  ('USD', 'TWD', '2000-01-01', 0.031),
  ('USD', 'USD', '2000-01-01', 1),
  ('USD', 'VND', '2000-01-01', 0.0000395),
  ('USD', 'ZAR', '2000-01-01', 0.054);
--> statement-breakpoint
-- Every sale and plan charge stores the base currency and the rate of its day as it is written.
CREATE FUNCTION lectern_stamp_exchange_rate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base varchar(3);
BEGIN
  IF NEW.exchange_rate IS NOT NULL THEN
    RETURN NEW;
  END IF;
  -- A plan charge's refund or credit is converted at the rate of the charge it gives back.
  -- (Nested: NEW.kind exists only on that table, and an expression is planned when first run.)
  IF TG_TABLE_NAME = 'subscription_charges' THEN
    IF NEW.kind IN ('refund', 'extension_credit') THEN
      SELECT c.base_currency, c.exchange_rate INTO NEW.base_currency, NEW.exchange_rate
      FROM subscription_charges c
      WHERE c.gateway_payment_id = NEW.gateway_payment_id AND c.status = 'succeeded'
        AND c.enrollment_id = NEW.enrollment_id
      LIMIT 1;
      IF NEW.exchange_rate IS NOT NULL THEN
        RETURN NEW;
      END IF;
    END IF;
  END IF;
  SELECT s.base_currency INTO base FROM back_office_settings s WHERE s.id = 1;
  base := coalesce(base, 'USD');
  NEW.base_currency := base;
  IF NEW.currency = base THEN
    NEW.exchange_rate := 1;
  ELSE
    SELECT r.rate INTO NEW.exchange_rate FROM exchange_rates r
    WHERE r.base_currency = base AND r.currency = NEW.currency
      AND r.effective_on <= (coalesce(NEW.created_at, now()) AT TIME ZONE 'UTC')::date
    ORDER BY r.effective_on DESC LIMIT 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_exchange_rate BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION lectern_stamp_exchange_rate();
--> statement-breakpoint
CREATE TRIGGER subscription_charges_exchange_rate BEFORE INSERT ON "subscription_charges"
  FOR EACH ROW EXECUTE FUNCTION lectern_stamp_exchange_rate();
--> statement-breakpoint
-- A refund is converted at its order's rate: a sale refunded in full nets to zero in the base currency.
CREATE FUNCTION lectern_stamp_refund_exchange_rate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.exchange_rate IS NULL THEN
    SELECT o.base_currency, o.exchange_rate INTO NEW.base_currency, NEW.exchange_rate
    FROM orders o WHERE o.id = NEW.order_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_refunds_exchange_rate BEFORE INSERT ON "course_refunds"
  FOR EACH ROW EXECUTE FUNCTION lectern_stamp_refund_exchange_rate();
--> statement-breakpoint
-- Rows written before rates were kept get the demo rate of their currency.
UPDATE "orders" o SET base_currency = 'USD', exchange_rate = r.rate
FROM exchange_rates r WHERE r.base_currency = 'USD' AND r.currency = o.currency AND o.exchange_rate IS NULL;
--> statement-breakpoint
UPDATE "subscription_charges" c SET base_currency = 'USD', exchange_rate = r.rate
FROM exchange_rates r WHERE r.base_currency = 'USD' AND r.currency = c.currency AND c.exchange_rate IS NULL;
--> statement-breakpoint
UPDATE "course_refunds" f SET base_currency = o.base_currency, exchange_rate = o.exchange_rate
FROM orders o WHERE o.id = f.order_id AND f.exchange_rate IS NULL;
