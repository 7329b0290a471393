CREATE TABLE `game_results` (
	`user_id` text NOT NULL,
	`game` text NOT NULL,
	`puzzle` text NOT NULL,
	`won` integer NOT NULL,
	`score` integer NOT NULL,
	`played_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `game`, `puzzle`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_results_user_time_idx` ON `game_results` (`user_id`,`played_at`);