-- How the rules that add a characteristic to a die read it (docs/decisions/061): its value, or the
-- modifier of a d20-style score. Pinned characteristics live in the characteristics jsonb (old entries
-- without "pinned" read as not pinned).
ALTER TABLE "campaigns" ADD COLUMN "initiative_modifier" text DEFAULT 'value' NOT NULL;