-- The share link shown again (issue #29 item 2, decision 050): the token sealed with a key kept outside
-- the database (the hash stays for lookups), and a version for the player-view settings' PATCH.
ALTER TABLE "player_views" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "player_views" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;