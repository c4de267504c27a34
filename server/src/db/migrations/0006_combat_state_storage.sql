-- A fight's state holds its groups and initiative order (about 44 kB for 200 v 200) and is rewritten
-- by every combat action: stored out of line without compression, a write skips pglz (decision 039).
ALTER TABLE "combats" ALTER COLUMN "state" SET STORAGE EXTERNAL;
