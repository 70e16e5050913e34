-- Every change to the rows a checkout prices a buyer from (their cart's codes, their
-- enrollments, their credit ledger) is announced on the channel lectern_buyer_facts_changed
-- with the user id, so every server instance drops what it keeps of that buyer at once
-- (decision 0016).
CREATE OR REPLACE FUNCTION "lectern_announce_buyer_facts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('lectern_buyer_facts_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('lectern_buyer_facts_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "carts_announce_buyer_facts" AFTER INSERT OR DELETE ON "carts" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_buyer_facts_changed"();
--> statement-breakpoint
-- Only the codes (and the owner) of a cart price a checkout: adding and removing items, which
-- bump its version, announce nothing (a NOTIFY serialises the commits that send one).
CREATE TRIGGER "carts_announce_buyer_facts_codes" AFTER UPDATE OF "discount_codes", "user_id" ON "carts" FOR EACH ROW WHEN (OLD."discount_codes" IS DISTINCT FROM NEW."discount_codes" OR OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "lectern_announce_buyer_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_announce_buyer_facts" AFTER INSERT OR UPDATE OR DELETE ON "enrollments" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_buyer_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "credit_entries_announce_buyer_facts" AFTER INSERT OR UPDATE OR DELETE ON "credit_entries" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_buyer_facts_changed"();
