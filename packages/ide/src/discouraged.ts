// Functions the editor shows struck through (completion's `deprecated`, the semantic token modifier): those the service
// refuses, silently replaces, or documents as unsupported while still accepting them.
import type { Availability } from '@calckit/formula';

const DISCOURAGED: ReadonlySet<Availability> = new Set<Availability>(['unsupported', 'replaced', 'deprecated']);

export const isDiscouraged = (availability: Availability | undefined): boolean => availability !== undefined && DISCOURAGED.has(availability);
