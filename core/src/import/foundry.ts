import type { ImportPlan, PlanOptions } from './plan';
export function readFoundry(_file: unknown, _options: PlanOptions): ImportPlan | null {
  return null;
}
