ALTER TABLE "subscription_billing_profiles" ALTER COLUMN "tax_number" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_number" varchar(32);--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "tax_lines" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "tax_lines" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "tax_note" text;