CREATE TABLE "game_results" (
	"user_id" text NOT NULL,
	"game" text NOT NULL,
	"puzzle" text NOT NULL,
	"won" boolean NOT NULL,
	"score" integer NOT NULL,
	"played_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "game_results_user_id_game_puzzle_pk" PRIMARY KEY("user_id","game","puzzle")
);
--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_results_user_time_idx" ON "game_results" USING btree ("user_id","played_at");