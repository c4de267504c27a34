// The query keys of a campaign's fight: the combat feature reads and writes it, and a run encounter
// (./encounters.ts) puts its answer there, as an action's answer goes (docs/decisions/062).
export const combatKeys = {
  all: ['combat'] as const,
  state: (userId: string, campaignId: string) => ['combat', userId, campaignId] as const,
};
