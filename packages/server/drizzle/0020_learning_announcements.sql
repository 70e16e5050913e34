-- What a learner's My courses page reads (their weekly streak's days, their reminders, their
-- communities with the people and topics in them) is kept per learner by each server instance
-- (decision 0034). Every change to those rows is announced with the ids of the learners whose
-- page it changes, on the feature's channel, so every instance drops what it keeps of them at
-- once, whoever made the change.

-- A row that belongs to one learner (user_id): the channel is the trigger's argument.
CREATE OR REPLACE FUNCTION "lectern_announce_learner_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify(TG_ARGV[0], OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify(TG_ARGV[0], NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lecture_consumption_days_announce" AFTER INSERT OR UPDATE OR DELETE ON "lecture_consumption_days" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_learner_row_changed"('lectern_learning_streak_changed');
--> statement-breakpoint
CREATE TRIGGER "learning_reminders_announce" AFTER INSERT OR UPDATE OR DELETE ON "learning_reminders" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_learner_row_changed"('lectern_learning_reminders_changed');
--> statement-breakpoint
-- Communities: a change to a community, its members or its topics changes the list of every
-- member (and of the member who left). Statement triggers with the changed rows as a table, so
-- adding fifty people to a community announces each member once, not fifty times.
CREATE OR REPLACE FUNCTION "lectern_announce_community_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_learning_communities_changed', learner::text)
  FROM (
    SELECT m.user_id AS learner FROM "learning_community_members" m
    WHERE m.community_id IN (SELECT community_id FROM changed)
    UNION SELECT user_id FROM changed
  ) affected;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "learning_community_members_announce_inserted" AFTER INSERT ON "learning_community_members" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "learning_community_members_announce_deleted" AFTER DELETE ON "learning_community_members" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "learning_community_members_announce_updated_from" AFTER UPDATE ON "learning_community_members" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "learning_community_members_announce_updated_to" AFTER UPDATE ON "learning_community_members" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_members_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lectern_announce_community_topics_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_learning_communities_changed', learner::text)
  FROM (
    SELECT DISTINCT m.user_id AS learner FROM "learning_community_members" m
    WHERE m.community_id IN (SELECT community_id FROM changed)
  ) affected;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "learning_community_topics_announce_inserted" AFTER INSERT ON "learning_community_topics" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_topics_changed"();
--> statement-breakpoint
CREATE TRIGGER "learning_community_topics_announce_deleted" AFTER DELETE ON "learning_community_topics" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_topics_changed"();
--> statement-breakpoint
CREATE TRIGGER "learning_community_topics_announce_updated_from" AFTER UPDATE ON "learning_community_topics" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_topics_changed"();
--> statement-breakpoint
CREATE TRIGGER "learning_community_topics_announce_updated_to" AFTER UPDATE ON "learning_community_topics" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_community_topics_changed"();
--> statement-breakpoint
-- A community's own fields (title, owner, ...): its members. Its deletion takes its members'
-- rows with it, and that delete announces them.
CREATE OR REPLACE FUNCTION "lectern_announce_communities_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_learning_communities_changed', learner::text)
  FROM (
    SELECT DISTINCT m.user_id AS learner FROM "learning_community_members" m
    WHERE m.community_id IN (SELECT id FROM changed)
  ) affected;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "learning_communities_announce_updated" AFTER UPDATE ON "learning_communities" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_communities_changed"();
--> statement-breakpoint
-- The people a list shows: a member's or owner's name, e-mail or locale changes the lists of
-- everyone in their communities.
CREATE OR REPLACE FUNCTION "lectern_announce_community_person_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_learning_communities_changed', learner::text)
  FROM (
    SELECT DISTINCT m.user_id AS learner FROM "learning_community_members" m
    WHERE m.community_id IN (
      SELECT mine.community_id FROM "learning_community_members" mine WHERE mine.user_id = NEW.id
      UNION SELECT c.id FROM "learning_communities" c WHERE c.owner_id = NEW.id
    )
  ) affected;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_community_person" AFTER UPDATE OF "name", "surname", "email", "locale" ON "users" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."surname" IS DISTINCT FROM NEW."surname" OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."locale" IS DISTINCT FROM NEW."locale") EXECUTE FUNCTION "lectern_announce_community_person_changed"();
--> statement-breakpoint
-- The topics a list shows: a renamed topic changes the lists of the communities that have it.
CREATE OR REPLACE FUNCTION "lectern_announce_community_topic_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_learning_communities_changed', learner::text)
  FROM (
    SELECT DISTINCT m.user_id AS learner FROM "learning_community_members" m
    JOIN "learning_community_topics" t ON t.community_id = m.community_id
    WHERE t.topic_id = NEW.id
  ) affected;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "topics_announce_community_topic" AFTER UPDATE OF "name", "slug" ON "topics" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."slug" IS DISTINCT FROM NEW."slug") EXECUTE FUNCTION "lectern_announce_community_topic_renamed"();
