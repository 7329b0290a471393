CREATE TABLE "profile_views" (
	"path" text NOT NULL,
	"day" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "profile_views_path_day_pk" PRIMARY KEY("path","day")
);
--> statement-breakpoint
CREATE INDEX "profile_views_day_idx" ON "profile_views" USING btree ("day");