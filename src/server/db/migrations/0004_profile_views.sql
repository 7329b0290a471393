CREATE TABLE `profile_views` (
	`path` text NOT NULL,
	`day` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`path`, `day`)
);
--> statement-breakpoint
CREATE INDEX `profile_views_day_idx` ON `profile_views` (`day`);