import type { ForeignFiles } from './detect';
import type { ImportPlan, PlanOptions } from './plan';
export function readKanka(_zip: ForeignFiles, _options: PlanOptions): ImportPlan | null {
  return null;
}
