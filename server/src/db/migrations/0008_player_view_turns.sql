-- Whose turn has come, per unit, without reading the log (decision 046): the player view probes this
-- partial index once per unit hidden until its first turn.
CREATE INDEX "combat_log_turn_of_idx" ON "combat_log" USING btree ("campaign_id",("data" -> 'turnOf' ->> 'id')) WHERE "combat_log"."type" in ('start', 'nextTurn') and not "combat_log"."undone";