// The service's name and the header and identifier names derived from it (seed section 5; facts.md).
// The seed writes `SVC` for the real service's own name; every name below is a function of it.

/** Default service name used by the seed's examples. */
export const DEFAULT_SERVICE_NAME = 'SVC';

/** A service name is a plain identifier: it becomes part of header names and of function names. */
export const SERVICE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

export function isValidServiceName(name: string): boolean {
  return SERVICE_NAME_PATTERN.test(name);
}

/** Header carrying the developer token (operations 4.1, 4.2, 4.3, 4.5 and the read): `X-SVC-Developer-Token`. */
export function developerTokenHeader(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `X-${serviceName}-Developer-Token`;
}

/** Header carrying the session token (operation 4.4): `x-svc-authentication`. */
export function sessionTokenHeader(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `x-${serviceName.toLowerCase()}-authentication`;
}

/** Prefix of operator entries in `functions`: `SVC_OP_` (as in `SVC_OP_ADD`). */
export function operatorPrefix(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `${serviceName}_OP_`;
}

/** Name of the nesting function in stored expressions: `SVC_BEAST_MODE` (as in `SVC_BEAST_MODE(42)`). */
export function nestedCalculationFunction(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `${serviceName}_BEAST_MODE`;
}
