CREATE TABLE `profile_history` (
	`user_id` text NOT NULL,
	`link` text NOT NULL,
	`title` text NOT NULL,
	`visited_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `link`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_history_user_time_idx` ON `profile_history` (`user_id`,`visited_at`);