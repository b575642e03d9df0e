// The service's name and the header and identifier names derived from it (seed section 5; facts.md).
// The seed writes `SVC` for the real service's own name; every name below is a function of it.

import { DEFAULT_SERVICE_NAME } from '@calckit/formula/vocabulary';

export { DEFAULT_SERVICE_NAME, SERVICE_NAME_PATTERN, isValidServiceName, operatorPrefix, nestedCalculationFunction } from '@calckit/formula/vocabulary';

/** Header carrying the developer token (operations 4.1, 4.2, 4.3, 4.5 and the read): `X-SVC-Developer-Token`. */
export function developerTokenHeader(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `X-${serviceName}-Developer-Token`;
}

/** Header carrying the session token (operation 4.4): `x-svc-authentication`. */
export function sessionTokenHeader(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `x-${serviceName.toLowerCase()}-authentication`;
}
