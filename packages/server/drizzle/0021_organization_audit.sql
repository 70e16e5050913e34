CREATE TYPE "public"."organization_audit_action" AS ENUM('invitation_sent', 'invitation_accepted', 'invitation_withdrawn', 'role_changed', 'member_removed', 'ownership_transferred');--> statement-breakpoint
CREATE TABLE "organization_audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"action" "organization_audit_action" NOT NULL,
	"actor_id" integer,
	"target_user_id" integer,
	"target_email" varchar(254) NOT NULL,
	"role_before" "organization_role",
	"role_after" "organization_role",
	"invitation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_invitation_id_organization_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."organization_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_audit_events_org_created_idx" ON "organization_audit_events" USING btree ("organization_id","created_at");--> statement-breakpoint
-- The invitations sent, accepted and withdrawn before the log: the activity reads them from the
-- log alone. Who withdrew one was not kept (null); the accepting user is the invitee.
INSERT INTO "organization_audit_events" ("organization_id", "action", "actor_id", "target_user_id", "target_email", "role_before", "role_after", "invitation_id", "created_at")
SELECT i."organization_id", 'invitation_sent'::"organization_audit_action", i."invited_by", NULL::integer, i."email", NULL::"organization_role", i."role", i."id", i."created_at"
FROM "organization_invitations" i
UNION ALL
SELECT i."organization_id", 'invitation_accepted'::"organization_audit_action", u."id", u."id", i."email", NULL::"organization_role", i."role", i."id", i."accepted_at"
FROM "organization_invitations" i LEFT JOIN "users" u ON lower(u."email") = i."email"
WHERE i."accepted_at" IS NOT NULL
UNION ALL
SELECT i."organization_id", 'invitation_withdrawn'::"organization_audit_action", NULL::integer, NULL::integer, i."email", i."role", NULL::"organization_role", i."id", i."revoked_at"
FROM "organization_invitations" i
WHERE i."revoked_at" IS NOT NULL;
