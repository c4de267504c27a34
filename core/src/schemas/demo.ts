// POST /api/game-data/demo (docs/product.md#first-session): the demo table in a language.
import { z } from 'zod';
import { languageSchema } from './common';

export const demoCampaignBody = z.object({ language: languageSchema });
export type DemoCampaignBody = z.infer<typeof demoCampaignBody>;
