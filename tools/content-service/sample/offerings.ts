// Offerings sample content (products, solutions, services, support, why-us, hubs),
// keyed by path under data/. Wired into generate-sample.ts with one line.
import { buildProductPages } from './offerings-products.ts';
import { buildServicesPages } from './offerings-services.ts';
import { buildSolutionPages } from './offerings-solutions.ts';

export function buildOfferingPages(): Record<string, unknown> {
  return { ...buildProductPages(), ...buildSolutionPages(), ...buildServicesPages() };
}
